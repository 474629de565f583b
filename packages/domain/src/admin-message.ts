import * as z from "zod/mini";
import { isStaffMessageType, messageTemplateTypeSchema } from "./message-template";
import { richTextSchema } from "./rich-text";

export const MESSAGE_SUBJECT_MAX_LENGTH = 200;
/** Recipients of one send: the users of a few hundred orders at most (one bulk selection). */
export const MESSAGE_MAX_RECIPIENTS = 500;

/** The send-message dialog (spec sections 2, 4, 5 and 8), word for word, and a few of ours. */
export const adminMessageMessages = {
  sent: "Message envoyé !",
  sendFailed: "Erreur lors de l'envoi",
  networkError: "Erreur réseau",
  templatesLoadFailed: "Erreur lors du chargement des templates",
  recipientWithoutEmail: "Email utilisateur introuvable",
  /** Ours. */
  recipientNotFound: "Utilisateur introuvable",
  typeRequired: "Veuillez choisir un type de message",
  subjectRequired: "L'objet est requis",
  bodyRequired: "Le message est requis",
  recipientsRequired: "Veuillez choisir au moins un destinataire",
  tooManyRecipients: `Un envoi compte au plus ${MESSAGE_MAX_RECIPIENTS} destinataires`,
  partiallySent: (sent: number, failed: number) =>
    `${sent} message${sent > 1 ? "s" : ""} envoyé${sent > 1 ? "s" : ""}, ${failed} échec${failed > 1 ? "s" : ""}`,
  noneSent: "Aucun message n'a pu être envoyé",
  noticeTypeRefused: "Ce type de message est envoyé automatiquement pendant les lives",
} as const;

/** POST /api/admin/messages: one message to the distinct e-mails of these users. */
export const sendMessageRequestSchema = z.object({
  type: z.pipe(
    z
      .string({ error: adminMessageMessages.typeRequired })
      .check(z.minLength(1, { error: adminMessageMessages.typeRequired, abort: true })),
    messageTemplateTypeSchema.check(
      z.refine(isStaffMessageType, { error: adminMessageMessages.noticeTypeRefused }),
    ),
  ),
  subject: z.string({ error: adminMessageMessages.subjectRequired }).check(
    z.trim(),
    z.minLength(1, { error: adminMessageMessages.subjectRequired, abort: true }),
    z.maxLength(MESSAGE_SUBJECT_MAX_LENGTH, {
      error: `L'objet ne doit pas dépasser ${MESSAGE_SUBJECT_MAX_LENGTH} caractères`,
    }),
  ),
  body: richTextSchema(adminMessageMessages.bodyRequired),
  recipients: z
    .array(z.uuid({ error: adminMessageMessages.recipientNotFound }))
    .check(
      z.minLength(1, { error: adminMessageMessages.recipientsRequired }),
      z.maxLength(MESSAGE_MAX_RECIPIENTS, { error: adminMessageMessages.tooManyRecipients }),
    ),
});
export type SendMessageRequest = z.output<typeof sendMessageRequestSchema>;
export type SendMessageRequestInput = z.input<typeof sendMessageRequestSchema>;

/** What the dialog shows for its recipients: one name, or how many they are. */
export function recipientsLabel(names: readonly string[]): string {
  if (names.length === 1) return names[0] ?? "";
  return `${names.length} destinataires`;
}
