import * as z from "zod/mini";

/**
 * A send's outcome: how many mails went, and what could not be sent (the e-mails the mailer
 * refused, and 'Email utilisateur introuvable' lines for people without a mailbox).
 */
export const sendMessageResponseSchema = z.object({
  sent: z.int(),
  failed: z.array(z.string()),
});
export type SendMessageResult = z.infer<typeof sendMessageResponseSchema>;
