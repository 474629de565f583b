import {
  bulkProductMessages,
  productMessages,
  RECENT_PRODUCTS_LIMIT,
  type BulkProductsResult,
  type Product,
  type ProductValues,
} from "@vitrine/domain";
import { eq, max, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { FOREIGN_KEY_VIOLATION, pgErrorCode, pgErrorConstraint, UNIQUE_VIOLATION } from "../../db/pg-error";
import { lives, products } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { byNewest, byRefDescending, selectProducts } from "./queries";

/** The message of a save that broke a constraint; anything else is not the person's doing. */
function saveFailure(error: unknown, messages: { liveNotFound: string; colorNotFound: string }): unknown {
  const code = pgErrorCode(error);
  const constraint = pgErrorConstraint(error);
  if (code === UNIQUE_VIOLATION && constraint === "products_live_ref_key") {
    return new DomainError("CONFLICT", productMessages.duplicateRef, { ref: productMessages.duplicateRef });
  }
  if (code === FOREIGN_KEY_VIOLATION && constraint === "products_live_id_lives_id_fk") {
    return new DomainError("VALIDATION_FAILED", messages.liveNotFound, { liveId: messages.liveNotFound });
  }
  if (code === FOREIGN_KEY_VIOLATION && constraint === "products_color_id_product_colors_id_fk") {
    return new DomainError("VALIDATION_FAILED", messages.colorNotFound, { colorId: messages.colorNotFound });
  }
  return error;
}

const notFound = () => new DomainError("NOT_FOUND", productMessages.notFound);

export interface BulkProductsValues {
  liveId: string;
  name: string;
  priceCents: number;
  colorId: string;
  start: number;
  end: number;
}

export function createProductService({ db }: { db: Queryable }) {
  async function getProduct(id: string): Promise<Product> {
    const [product] = await selectProducts(db, { where: eq(products.id, id), orderBy: [] });
    if (!product) throw notFound();
    return product;
  }

  return {
    /** Every product, or a live's, highest reference first. */
    listProducts({ liveId }: { liveId?: string | undefined }): Promise<Product[]> {
      return selectProducts(db, {
        ...(liveId ? { where: eq(products.liveId, liveId) } : {}),
        orderBy: byRefDescending,
      });
    },

    /** The reference is unique per live by the database's index, whoever saves at the same time. */
    async createProduct(input: ProductValues): Promise<Product> {
      const [row] = await db
        .insert(products)
        .values(input)
        .returning({ id: products.id })
        .catch((error: unknown) => {
          throw saveFailure(error, productMessages);
        });
      if (!row) throw new Error("insert returned no row");
      return getProduct(row.id);
    },

    async updateProduct(id: string, input: ProductValues): Promise<Product> {
      const updated = await db
        .update(products)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning({ id: products.id })
        .catch((error: unknown) => {
          throw saveFailure(error, productMessages);
        });
      if (updated.length === 0) throw notFound();
      return getProduct(id);
    },

    /** A product in an order keeps its row: the order items' foreign key refuses the delete. */
    async deleteProduct(id: string): Promise<void> {
      const deleted = await db
        .delete(products)
        .where(eq(products.id, id))
        .returning({ id: products.id })
        .catch((error: unknown) => {
          if (pgErrorCode(error) !== FOREIGN_KEY_VIOLATION) throw error;
          throw new DomainError("CONFLICT", productMessages.alreadySold);
        });
      if (deleted.length === 0) throw notFound();
    },

    /** Where the bulk form starts for a live: after its highest reference, or at 1. */
    async nextBulkStart(liveId: string): Promise<number> {
      const [live] = await db.select({ id: lives.id }).from(lives).where(eq(lives.id, liveId));
      if (!live) throw new DomainError("NOT_FOUND", productMessages.liveNotFound);
      const [row] = await db
        .select({ highest: max(products.ref) })
        .from(products)
        .where(eq(products.liveId, liveId));
      return (row?.highest ?? 0) + 1;
    },

    /**
     * One statement for the whole range: references already in the live are skipped by the unique
     * index (ON CONFLICT DO NOTHING), so two overlapping creations at once make each one exactly once.
     */
    async createBulkProducts(input: BulkProductsValues): Promise<BulkProductsResult> {
      const created = await db
        .execute<{ ref: number }>(
          sql`INSERT INTO ${products} (live_id, ref, name, price_cents, color_id)
              SELECT ${input.liveId}::uuid, ref, ${input.name}, ${input.priceCents}::int, ${input.colorId}::uuid
              FROM generate_series(${input.start}::int, ${input.end}::int) AS ref
              ON CONFLICT (live_id, ref) DO NOTHING
              RETURNING ref`,
        )
        .catch((error: unknown) => {
          throw saveFailure(error, {
            liveNotFound: bulkProductMessages.liveRequired,
            colorNotFound: bulkProductMessages.colorRequired,
          });
        });
      const createdRefs = created.rows.map((row) => Number(row.ref)).sort((a, b) => a - b);
      const createdSet = new Set(createdRefs);
      const existingRefs: number[] = [];
      for (let ref = input.start; ref <= input.end; ref++) if (!createdSet.has(ref)) existingRefs.push(ref);
      return { createdRefs, existingRefs };
    },

    /** The latest products created, whichever live. */
    listRecentProducts(): Promise<Product[]> {
      return selectProducts(db, { orderBy: byNewest, limit: RECENT_PRODUCTS_LIMIT });
    },
  };
}

export type ProductService = ReturnType<typeof createProductService>;
