import { faqMessages, faqSwapIndex, type FaqInput, type FaqMoveDirection } from "@vitrine/domain";
import { asc, eq, sql } from "drizzle-orm";
import type { Database, Queryable } from "../../db/client";
import { faqs } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { sanitizeRichText } from "../../lib/sanitize-html";

const faqColumns = { id: faqs.id, title: faqs.title, content: faqs.content, rank: faqs.rank };

/**
 * Every change to the ranks holds this lock until its commit: row locks would not do, since a new
 * FAQ takes the rank "count of FAQs" and two creations would both count the same n. EXCLUSIVE
 * mode lets readers (the public FAQ) through and queues the other writers.
 */
async function lockFaqRanks(tx: Queryable) {
  await tx.execute(sql`LOCK TABLE ${faqs} IN EXCLUSIVE MODE`);
}

async function faqsByRank(db: Queryable) {
  return db.select(faqColumns).from(faqs).orderBy(asc(faqs.rank), asc(faqs.createdAt), asc(faqs.id));
}

function notFound(): DomainError {
  return new DomainError("NOT_FOUND", faqMessages.notFound);
}

export function createFaqAdminService({ db }: { db: Database }) {
  return {
    /** Every FAQ by rank, as the back office lists them. */
    async listFaqs() {
      const rows = await faqsByRank(db);
      return rows.map((faq) => ({ ...faq, content: sanitizeRichText(faq.content) }));
    },

    /** A new FAQ goes last: its rank is the number of FAQs before it. */
    async createFaq(input: FaqInput) {
      return db.transaction(async (tx) => {
        await lockFaqRanks(tx);
        const [{ count } = { count: 0 }] = await tx.select({ count: sql<number>`count(*)::int` }).from(faqs);
        const [faq] = await tx
          .insert(faqs)
          .values({ title: input.title, content: sanitizeRichText(input.content), rank: count })
          .returning(faqColumns);
        if (!faq) throw new Error("the FAQ was not inserted");
        return faq;
      });
    },

    async updateFaq(id: string, input: FaqInput) {
      const [faq] = await db
        .update(faqs)
        .set({ title: input.title, content: sanitizeRichText(input.content), updatedAt: new Date() })
        .where(eq(faqs.id, id))
        .returning(faqColumns);
      if (!faq) throw notFound();
      return faq;
    },

    /** Deletes a FAQ and closes the gap: the ranks stay 0..n-1. */
    async deleteFaq(id: string) {
      await db.transaction(async (tx) => {
        await lockFaqRanks(tx);
        const deleted = await tx.delete(faqs).where(eq(faqs.id, id)).returning({ id: faqs.id });
        if (deleted.length === 0) throw notFound();
        await tx.execute(sql`
          UPDATE ${faqs} SET rank = numbered.rank
            FROM (SELECT id, (row_number() OVER (ORDER BY rank, created_at, id) - 1)::integer AS rank
                    FROM ${faqs}) AS numbered
           WHERE ${faqs.id} = numbered.id AND ${faqs.rank} <> numbered.rank`);
      });
    },

    /** Swaps a FAQ's rank with its neighbour's; at either end it stays and says so. */
    async moveFaq(id: string, direction: FaqMoveDirection) {
      return db.transaction(async (tx) => {
        await lockFaqRanks(tx);
        const list = await faqsByRank(tx);
        const index = list.findIndex((faq) => faq.id === id);
        const faq = list[index];
        if (!faq) throw notFound();
        const neighbour = list[faqSwapIndex(index, list.length, direction) ?? -1];
        if (!neighbour) {
          const message = direction === "up" ? faqMessages.alreadyFirst : faqMessages.alreadyLast;
          throw new DomainError("CONFLICT", message);
        }
        await tx.update(faqs).set({ rank: neighbour.rank }).where(eq(faqs.id, faq.id));
        await tx.update(faqs).set({ rank: faq.rank }).where(eq(faqs.id, neighbour.id));
        const moved = await faqsByRank(tx);
        return moved.map((row) => ({ ...row, content: sanitizeRichText(row.content) }));
      });
    },
  };
}

export type FaqAdminService = ReturnType<typeof createFaqAdminService>;
