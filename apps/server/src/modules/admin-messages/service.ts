import {
  adminMessageMessages,
  fillTemplatePlaceholders,
  isRealEmail,
  normalizeEmail,
  userDisplayName,
  type SendMessageRequest,
  type SendMessageResult,
} from "@vitrine/domain";
import { inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema";
import type { Mailer } from "../../integrations/mail/mailer";
import { messageMail, type MessageShop } from "../../integrations/mail/template-mails";
import { escapeHtml } from "../../lib/escape-html";

/** Mails in flight at once: a bulk send finishes quickly without flooding the mail server. */
const SEND_CONCURRENCY = 4;

export interface AdminMessageServiceDeps {
  db: Database;
  mailer: Mailer;
  shop: MessageShop;
}

/** Told of each mail the mailer refused (the caller logs it). */
export type SendFailureListener = (error: unknown) => void;

/** Runs `task` over `items`, `concurrency` at a time. */
async function eachLimited<T>(items: readonly T[], concurrency: number, task: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

export function createAdminMessageService({ db, mailer, shop }: AdminMessageServiceDeps) {
  /**
   * A message written to people, not about one order: a template's placeholders (decision 039) get
   * the recipient's first name, and the order's facts it does not have are left out rather than
   * reaching a mailbox as '{{suivi}}'.
   */
  const personalMessage = (request: SendMessageRequest, firstName: string) => {
    const values = { numero_commande: "", suivi: "", lien_suivi: "", prenom: firstName.trim() };
    return {
      ...request,
      subject: fillTemplatePlaceholders(request.subject, values),
      body: fillTemplatePlaceholders(request.body, values, escapeHtml),
    };
  };

  return {
    /**
     * One mail per distinct e-mail of these users. A mail that fails does not stop the others: the
     * answer counts what went and lists what did not (the e-mail, or why there was none).
     */
    async sendMessage(
      request: SendMessageRequest,
      onFailure: SendFailureListener,
    ): Promise<SendMessageResult> {
      const ids = [...new Set(request.recipients)];
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
          displayName: users.displayName,
          tiktokUsername: users.tiktokUsername,
        })
        .from(users)
        .where(inArray(users.id, ids));
      const failed: string[] = [];
      const emails = new Map<string, { to: string; firstName: string }>();
      for (const id of ids) {
        const row = rows.find((candidate) => candidate.id === id);
        if (!row) failed.push(`${adminMessageMessages.recipientNotFound} (${id})`);
        else if (!isRealEmail(row.email)) {
          failed.push(`${adminMessageMessages.recipientWithoutEmail} : ${userDisplayName(row) || row.id}`);
        } else
          emails.set(normalizeEmail(row.email), { to: row.email.trim(), firstName: row.firstName ?? "" });
      }

      let sent = 0;
      await eachLimited([...emails.values()], SEND_CONCURRENCY, async ({ to, firstName }) => {
        try {
          await mailer.send(messageMail(to, personalMessage(request, firstName), shop));
          sent++;
        } catch (error) {
          onFailure(error);
          failed.push(to);
        }
      });
      return { sent, failed };
    },
  };
}

export type AdminMessageService = ReturnType<typeof createAdminMessageService>;
