import { asc } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { faqs } from "../../db/schema";
import { sanitizeRichText } from "../../lib/sanitize-html";

export async function listFaqs(db: Queryable) {
  const rows = await db
    .select({ id: faqs.id, title: faqs.title, content: faqs.content, rank: faqs.rank })
    .from(faqs)
    .orderBy(asc(faqs.rank), asc(faqs.createdAt));
  return rows.map((faq) => ({ ...faq, content: sanitizeRichText(faq.content) }));
}
