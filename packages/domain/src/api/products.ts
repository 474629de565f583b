import * as z from "zod/mini";

export const productSchema = z.object({
  id: z.string(),
  ref: z.number(),
  name: z.string(),
  /** Integer cents, as everywhere in the API. */
  priceCents: z.number(),
  size: z.nullable(z.string()),
  live: z.object({ id: z.string(), title: z.string(), ref: z.string() }),
  color: z.nullable(z.object({ id: z.string(), name: z.string(), hexCode: z.string() })),
  createdAt: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const productIdParamsSchema = z.object({ id: z.uuid() });
export const productListQuerySchema = z.object({ liveId: z.optional(z.uuid()) });
export const productListResponseSchema = z.object({ products: z.array(productSchema) });
export const productResponseSchema = z.object({ product: productSchema });
export const productDeletedResponseSchema = z.object({ deleted: z.literal(true) });

export const nextRefQuerySchema = z.object({ liveId: z.uuid() });
/** The start index the bulk form offers for a live: its highest reference + 1, or 1. */
export const nextRefResponseSchema = z.object({ start: z.number() });

export const bulkProductsResponseSchema = z.object({
  /** The references created by this submit, in order. */
  createdRefs: z.array(z.number()),
  /** The references of the range that already existed in the live, skipped. */
  existingRefs: z.array(z.number()),
});
export type BulkProductsResult = z.infer<typeof bulkProductsResponseSchema>;
