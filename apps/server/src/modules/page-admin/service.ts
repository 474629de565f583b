import { pageCodeConflictMessage, pageMessages, type PageInput } from "@vitrine/domain";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { pages } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { sanitizeRichText } from "../../lib/sanitize-html";

const pageColumns = {
  id: pages.id,
  code: pages.code,
  title: pages.title,
  content: pages.content,
  isActive: pages.isActive,
  inFooter: pages.inFooter,
};

function notFound(): DomainError {
  return new DomainError("NOT_FOUND", pageMessages.notFound);
}

export function createPageAdminService({ db }: { db: Database }) {
  /** The message of a code that another page already has (pages_code_key refused the insert). */
  async function codeConflict(input: PageInput): Promise<DomainError> {
    const [existing] = await db
      .select({ isActive: pages.isActive })
      .from(pages)
      .where(eq(pages.code, input.code));
    const message = pageCodeConflictMessage({
      code: input.code,
      newPageIsActive: input.isActive,
      existingPageIsActive: existing?.isActive ?? false,
    });
    return new DomainError("CONFLICT", message, { code: message });
  }

  return {
    /** Every page by title, inactive ones too. */
    async listPages() {
      const rows = await db.select(pageColumns).from(pages).orderBy(asc(pages.title), asc(pages.code));
      return rows.map((page) => ({ ...page, content: sanitizeRichText(page.content) }));
    },

    async createPage(input: PageInput) {
      try {
        const [page] = await db
          .insert(pages)
          .values({ ...input, content: sanitizeRichText(input.content) })
          .returning(pageColumns);
        if (!page) throw new Error("the page was not inserted");
        return page;
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw await codeConflict(input);
        throw error;
      }
    },

    /** Title, content and the active flag change; the code a page was created with never does. */
    async updatePage(id: string, input: PageInput) {
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ code: pages.code })
          .from(pages)
          .where(eq(pages.id, id))
          .for("update");
        if (!current) throw notFound();
        if (current.code !== input.code) {
          throw new DomainError("VALIDATION_FAILED", pageMessages.codeLocked, {
            code: pageMessages.codeLocked,
          });
        }
        const [page] = await tx
          .update(pages)
          .set({
            title: input.title,
            content: sanitizeRichText(input.content),
            isActive: input.isActive,
            inFooter: input.inFooter,
            updatedAt: new Date(),
          })
          .where(eq(pages.id, id))
          .returning(pageColumns);
        if (!page) throw notFound();
        return page;
      });
    },

    async deletePage(id: string) {
      const deleted = await db.delete(pages).where(eq(pages.id, id)).returning({ id: pages.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type PageAdminService = ReturnType<typeof createPageAdminService>;
