import { describe, expect, it } from "vitest";
import {
  adminMessageMessages,
  MESSAGE_MAX_RECIPIENTS,
  recipientsLabel,
  sendMessageRequestSchema,
} from "./admin-message";
import { richTextMessages } from "./rich-text";

const userId = "5b0f1a8e-6d1c-4f5e-9a43-0b7f2f3c9d11";
const valid = { type: "paid", subject: "Merci !", body: "<p>Bonjour</p>", recipients: [userId] };
const issuesOf = (input: unknown) =>
  sendMessageRequestSchema
    .safeParse(input)
    .error?.issues.map((issue) => [String(issue.path[0] ?? ""), issue.message]) ?? [];

describe("sending a message", () => {
  it("speaks the spec's French, word for word", () => {
    expect(adminMessageMessages).toMatchObject({
      sent: "Message envoyé !",
      recipientWithoutEmail: "Email utilisateur introuvable",
      templatesLoadFailed: "Erreur lors du chargement des templates",
      sendFailed: "Erreur lors de l'envoi",
      networkError: "Erreur réseau",
    });
  });

  it("needs a type, a subject, a body and one to 500 recipients", () => {
    expect(sendMessageRequestSchema.parse({ ...valid, subject: "  Merci !  " }).subject).toBe("Merci !");
    expect(issuesOf({ ...valid, type: "", subject: " ", body: "<p></p>", recipients: [] })).toEqual([
      ["type", adminMessageMessages.typeRequired],
      ["subject", adminMessageMessages.subjectRequired],
      ["body", adminMessageMessages.bodyRequired],
      ["recipients", adminMessageMessages.recipientsRequired],
    ]);
    expect(issuesOf({ ...valid, type: "archived" })).toEqual([
      ["type", "Le type doit être un statut de commande"],
    ]);
    expect(issuesOf({ ...valid, recipients: Array(MESSAGE_MAX_RECIPIENTS + 1).fill(userId) })).toEqual([
      ["recipients", adminMessageMessages.tooManyRecipients],
    ]);
    expect(issuesOf({ ...valid, body: '<p onclick="x()">Bonjour</p>' })).toEqual([
      ["body", richTextMessages.activeContent],
    ]);
  });

  it("names one recipient, counts several", () => {
    expect(recipientsLabel(["Julie Martin"])).toBe("Julie Martin");
    expect(recipientsLabel(["Julie", "Léa", "Marie"])).toBe("3 destinataires");
  });

  it("counts in French", () => {
    expect(adminMessageMessages.partiallySent(1, 1)).toBe("1 message envoyé, 1 échec");
    expect(adminMessageMessages.partiallySent(3, 2)).toBe("3 messages envoyés, 2 échecs");
  });
});
