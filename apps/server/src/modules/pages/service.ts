import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pages } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { sanitizeRichText } from "../../lib/sanitize-html";

export const PAGE_NOT_FOUND_MESSAGE = "Page introuvable";

export function createPageService({ db }: { db: Queryable }) {
  return {
    /** An active static page (legal notice, terms...) by its code, ready to render. */
    async getActivePage(code: string) {
      const [page] = await db
        .select({ code: pages.code, title: pages.title, content: pages.content })
        .from(pages)
        .where(and(eq(pages.code, code), eq(pages.isActive, true)))
        .limit(1);
      if (!page) throw new DomainError("NOT_FOUND", PAGE_NOT_FOUND_MESSAGE);
      return { ...page, content: sanitizeRichText(page.content) };
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;
