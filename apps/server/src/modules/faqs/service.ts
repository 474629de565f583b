import { asc } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { faqs } from "../../db/schema";
import { sanitizeRichText } from "../../lib/sanitize-html";

export function createFaqService({ db }: { db: Queryable }) {
  return {
    /** Every FAQ in the shop's order, content ready to render. */
    async listFaqs() {
      const rows = await db
        .select({ id: faqs.id, title: faqs.title, content: faqs.content, rank: faqs.rank })
        .from(faqs)
        .orderBy(asc(faqs.rank), asc(faqs.createdAt));
      return rows.map((faq) => ({ ...faq, content: sanitizeRichText(faq.content) }));
    },
  };
}

export type FaqService = ReturnType<typeof createFaqService>;
