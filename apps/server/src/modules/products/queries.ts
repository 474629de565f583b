import type { Product } from "@vitrine/domain";
import { desc, eq, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { lives, productColors, products } from "../../db/schema";

/** Products with their live and colour, as every product list of the back office shows them. */
export async function selectProducts(
  db: Queryable,
  { where, orderBy, limit }: { where?: SQL; orderBy: SQL[]; limit?: number },
): Promise<Product[]> {
  const query = db
    .select({
      id: products.id,
      ref: products.ref,
      name: products.name,
      priceCents: products.priceCents,
      size: products.size,
      createdAt: products.createdAt,
      liveId: lives.id,
      liveTitle: lives.title,
      liveRef: lives.ref,
      colorId: productColors.id,
      colorName: productColors.name,
      colorHexCode: productColors.hexCode,
    })
    .from(products)
    .innerJoin(lives, eq(products.liveId, lives.id))
    .leftJoin(productColors, eq(products.colorId, productColors.id))
    .where(where)
    .orderBy(...orderBy)
    .$dynamic();
  const rows = await (limit === undefined ? query : query.limit(limit));
  return rows.map((row) => ({
    id: row.id,
    ref: row.ref,
    name: row.name,
    priceCents: row.priceCents,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    live: { id: row.liveId, title: row.liveTitle, ref: row.liveRef },
    color:
      row.colorId && row.colorName && row.colorHexCode
        ? { id: row.colorId, name: row.colorName, hexCode: row.colorHexCode }
        : null,
  }));
}

/** The back office's product order: highest reference first, as the spec lists them. */
export const byRefDescending = [desc(products.ref), desc(products.createdAt)];
/** Latest created first; a bulk creation shares one timestamp, so its highest reference leads. */
export const byNewest = [desc(products.createdAt), desc(products.ref)];
