import * as z from "zod/mini";
import { CUSTOMER_NOTICE_KINDS, customerNoticeLabels, type CustomerNoticeKind } from "./customer-notices";
import { emailMessages, emailSchema } from "./email";
import { ORDER_STATUSES, orderStatusLabels, type OrderStatus } from "./order-status";
import { richTextSchema } from "./rich-text";

export const MESSAGE_TEMPLATE_TITLE_MAX_LENGTH = 200;
/** The scope of the templates the back office lists and writes. */
export const BACK_OFFICE_TEMPLATE_SCOPE = "back-office";

/** What a template is for: an order status, or a notice of a live claim (decision 032). */
export const MESSAGE_TEMPLATE_TYPES = [...ORDER_STATUSES, ...CUSTOMER_NOTICE_KINDS] as const;
export type MessageTemplateType = OrderStatus | CustomerNoticeKind;

export const messageTemplateTypeLabels: Record<MessageTemplateType, string> = {
  ...orderStatusLabels,
  ...customerNoticeLabels,
};

/**
 * Whether staff may send a message of this type by hand: the order statuses. A notice of a live
 * claim carries facts only the server writes (the pieces, the hold's end), so it is never sent
 * from the send-a-message dialog.
 */
export function isStaffMessageType(type: MessageTemplateType): type is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(type);
}

/**
 * What the server writes into a template it mails for an order (decision 039), each `{{name}}` in
 * the title or body; the template editor lists them. An unknown name stays as written.
 */
export const MESSAGE_TEMPLATE_PLACEHOLDER_NAMES = [
  "numero_commande",
  "suivi",
  "lien_suivi",
  "prenom",
] as const;
export type MessageTemplatePlaceholder = (typeof MESSAGE_TEMPLATE_PLACEHOLDER_NAMES)[number];

/** What each placeholder is, as the template editor lists it. */
export const MESSAGE_TEMPLATE_PLACEHOLDERS: Record<MessageTemplatePlaceholder, string> = {
  numero_commande: "Numéro de la commande",
  suivi: "Numéro de suivi du colis",
  lien_suivi: "Lien de suivi du colis",
  prenom: "Prénom du client",
};
export type MessageTemplateValues = Record<MessageTemplatePlaceholder, string>;

/** How a placeholder is written in a template. */
export const placeholderToken = (name: MessageTemplatePlaceholder) => `{{${name}}}`;

function isPlaceholder(name: string): name is MessageTemplatePlaceholder {
  return (MESSAGE_TEMPLATE_PLACEHOLDER_NAMES as readonly string[]).includes(name);
}

/**
 * The text with each known placeholder replaced by its value, passed through `encode` (HTML
 * escaping for a body). An empty value takes the space before it along, so that 'Bonjour
 * {{prenom}},' reads 'Bonjour,' for a customer without a first name.
 */
export function fillTemplatePlaceholders(
  text: string,
  values: MessageTemplateValues,
  encode: (value: string) => string = (value) => value,
): string {
  return text.replace(/( ?)\{\{\s*([a-z_]+)\s*\}\}/g, (whole, space: string, name: string) => {
    if (!isPlaceholder(name)) return whole;
    const value = values[name];
    return value === "" ? "" : `${space}${encode(value)}`;
  });
}

export const messageTemplateMessages = {
  required: "Veuillez remplir tous les champs",
  duplicateType: "Un template existe déjà pour ce type",
  typeLocked: "Le type d'un template ne peut pas être modifié",
  invalidTestEmail: emailMessages.invalid,
  notFound: "Template introuvable",
  loadFailed: "Impossible de charger les templates",
  saveFailed: "Impossible de sauvegarder le template",
  testFailed: "Erreur lors de l'envoi",
  created: "Template créé",
  updated: "Template modifié",
  testSent: (email: string) => `Email de test envoyé à ${email}`,
  /** Ours: the heading of the placeholders the editor lists. */
  placeholdersHeading: "Champs remplis à l'envoi",
} as const;

/**
 * The types the select offers: those without a template yet, plus the one being edited (it stays
 * shown, locked).
 */
export function availableTemplateTypes(
  usedTypes: readonly MessageTemplateType[],
  editedType?: MessageTemplateType,
): MessageTemplateType[] {
  return MESSAGE_TEMPLATE_TYPES.filter((type) => type === editedType || !usedTypes.includes(type));
}

export const messageTemplateTypeSchema = z.enum(MESSAGE_TEMPLATE_TYPES, {
  error: (issue) =>
    issue.input === undefined || issue.input === ""
      ? messageTemplateMessages.required
      : "Le type doit être un statut de commande",
});

/** A message template as written in the back office: one per order status. */
export const messageTemplateInputSchema = z.object({
  type: messageTemplateTypeSchema,
  title: z.string().check(
    z.trim(),
    z.minLength(1, { error: messageTemplateMessages.required }),
    z.maxLength(MESSAGE_TEMPLATE_TITLE_MAX_LENGTH, {
      error: `Le titre ne doit pas dépasser ${MESSAGE_TEMPLATE_TITLE_MAX_LENGTH} caractères`,
    }),
  ),
  body: richTextSchema(messageTemplateMessages.required),
});
export type MessageTemplateInput = z.infer<typeof messageTemplateInputSchema>;

/** Where a test of a template is sent: an e-mail address (it must at least contain '@'). */
export const templateTestRequestSchema = z.object({ email: emailSchema });
export type TemplateTestRequest = z.infer<typeof templateTestRequestSchema>;
