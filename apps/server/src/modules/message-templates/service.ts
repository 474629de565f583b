import {
  BACK_OFFICE_TEMPLATE_SCOPE,
  MESSAGE_TEMPLATE_TYPES,
  messageTemplateMessages,
  type MessageTemplateInput,
} from "@vitrine/domain";
import { arrayContains, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { messageTemplates } from "../../db/schema";
import { DomainError } from "../../http/errors";
import type { RateLimiter, RateLimitRule } from "../../http/rate-limiter";
import type { Mailer } from "../../integrations/mail/mailer";
import { templateMail } from "../../integrations/mail/template-mails";
import { sanitizeRichText } from "../../lib/sanitize-html";

/** Test mails one admin may send: enough to check a template, too few to spam through the shop. */
export const TEMPLATE_TEST_MAIL_LIMIT: RateLimitRule = { max: 10, windowSeconds: 10 * 60 };

/** Templates are listed in the types' order: the order statuses in their sequence, then the notices. */
const TYPE_ORDER = `{${MESSAGE_TEMPLATE_TYPES.join(",")}}`;

const templateColumns = {
  id: messageTemplates.id,
  type: messageTemplates.type,
  title: messageTemplates.title,
  body: messageTemplates.body,
  scope: messageTemplates.scope,
};

function notFound(): DomainError {
  return new DomainError("NOT_FOUND", messageTemplateMessages.notFound);
}

export interface MessageTemplateServiceDeps {
  db: Database;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

export function createMessageTemplateService({ db, mailer, rateLimiter }: MessageTemplateServiceDeps) {
  return {
    /** The back office's templates, in the order of the statuses they belong to. */
    async listTemplates() {
      const rows = await db
        .select(templateColumns)
        .from(messageTemplates)
        .where(arrayContains(messageTemplates.scope, [BACK_OFFICE_TEMPLATE_SCOPE]))
        .orderBy(sql`array_position(${TYPE_ORDER}::text[], ${messageTemplates.type})`);
      return rows.map((template) => ({ ...template, body: sanitizeRichText(template.body) }));
    },

    /** One template per order status: message_templates_type_key refuses a second. */
    async createTemplate(input: MessageTemplateInput) {
      try {
        const [template] = await db
          .insert(messageTemplates)
          .values({
            type: input.type,
            title: input.title,
            body: sanitizeRichText(input.body),
            scope: [BACK_OFFICE_TEMPLATE_SCOPE],
          })
          .returning(templateColumns);
        if (!template) throw new Error("the template was not inserted");
        return template;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) {
          const message = messageTemplateMessages.duplicateType;
          throw new DomainError("CONFLICT", message, { type: message });
        }
        throw error;
      }
    },

    /** Title and body change; the type a template was created for never does. */
    async updateTemplate(id: string, input: MessageTemplateInput) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ type: messageTemplates.type })
          .from(messageTemplates)
          .where(eq(messageTemplates.id, id))
          .for("update");
        if (!current) throw notFound();
        if (current.type !== input.type) {
          const message = messageTemplateMessages.typeLocked;
          throw new DomainError("VALIDATION_FAILED", message, { type: message });
        }
        const [template] = await tx
          .update(messageTemplates)
          .set({ title: input.title, body: sanitizeRichText(input.body), updatedAt: new Date() })
          .where(eq(messageTemplates.id, id))
          .returning(templateColumns);
        if (!template) throw notFound();
        return template;
      });
    },

    /** Sends the saved template to `email`, counted against the admin's test-mail allowance. */
    async sendTest(id: string, email: string, adminUserId: string) {
      await rateLimiter.consume(`template-test:user:${adminUserId}`, TEMPLATE_TEST_MAIL_LIMIT);
      const [template] = await db
        .select({ title: messageTemplates.title, body: messageTemplates.body })
        .from(messageTemplates)
        .where(eq(messageTemplates.id, id));
      if (!template) throw notFound();
      await mailer.send(templateMail(email, template));
    },
  };
}

export type MessageTemplateService = ReturnType<typeof createMessageTemplateService>;
