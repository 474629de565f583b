import { colorMessages, type Color, type ColorValues, type ListedColor } from "@vitrine/domain";
import { count, eq, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { FOREIGN_KEY_VIOLATION, pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { productColors, products } from "../../db/schema";
import { DomainError } from "../../http/errors";

const byFrenchName = new Intl.Collator("fr", { sensitivity: "base" });

const colorColumns = {
  id: productColors.id,
  name: productColors.name,
  hexCode: productColors.hexCode,
  updatedAt: productColors.updatedAt,
};

function toColor(row: { id: string; name: string; hexCode: string; updatedAt: Date }): Color {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** The unique index on the name decides, so two people saving the same name at once get one each. */
function duplicateNameOr(error: unknown): unknown {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return error;
  return new DomainError("CONFLICT", colorMessages.duplicateName, { name: colorMessages.duplicateName });
}

const notFound = () => new DomainError("NOT_FOUND", colorMessages.notFound);

export function createColorService({ db }: { db: Queryable }) {
  return {
    /** Every colour with how many products use it, by name as a French reader sorts it. */
    async listColors(): Promise<ListedColor[]> {
      const rows = await db
        .select({ ...colorColumns, productCount: count(products.id) })
        .from(productColors)
        .leftJoin(products, eq(products.colorId, productColors.id))
        .groupBy(productColors.id);
      return rows
        .sort((a, b) => byFrenchName.compare(a.name, b.name))
        .map(({ productCount, ...color }) => ({ ...toColor(color), productCount }));
    },

    async createColor(input: ColorValues): Promise<Color> {
      const [row] = await db
        .insert(productColors)
        .values(input)
        .returning(colorColumns)
        .catch((error: unknown) => {
          throw duplicateNameOr(error);
        });
      if (!row) throw new Error("insert returned no row");
      return toColor(row);
    },

    async updateColor(id: string, input: ColorValues): Promise<Color> {
      const [row] = await db
        .update(productColors)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(productColors.id, id))
        .returning(colorColumns)
        .catch((error: unknown) => {
          throw duplicateNameOr(error);
        });
      if (!row) throw notFound();
      return toColor(row);
    },

    /**
     * The foreign key from products refuses the delete while any product uses the colour, including
     * one added by someone else at the same moment: no check-then-delete window.
     */
    async deleteColor(id: string): Promise<void> {
      const deleted = await db
        .delete(productColors)
        .where(eq(productColors.id, id))
        .returning({ id: productColors.id })
        .catch((error: unknown) => {
          if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
          throw new DomainError("CONFLICT", colorMessages.inUse);
        });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type ColorService = ReturnType<typeof createColorService>;
