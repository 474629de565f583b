import { SITE_PAGE_CODES, type PublishedPage } from "@vitrine/domain";
import { and, asc, eq, notInArray } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pages } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { sanitizeRichText } from "../../lib/sanitize-html";

export const PAGE_NOT_FOUND_MESSAGE = "Page introuvable";

export function createPageService({ db }: { db: Queryable }) {
  return {
    /**
     * The active pages published at /p/{code}, by title: the site's own pages (terms, legal
     * notice) have their addresses and are left out.
     */
    async listPublishedPages(): Promise<PublishedPage[]> {
      return db
        .select({ code: pages.code, title: pages.title, inFooter: pages.inFooter })
        .from(pages)
        .where(and(eq(pages.isActive, true), notInArray(pages.code, [...SITE_PAGE_CODES])))
        .orderBy(asc(pages.title), asc(pages.code));
    },

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
