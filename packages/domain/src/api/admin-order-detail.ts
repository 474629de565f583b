import * as z from "zod/mini";
import { shippingAddressSchema } from "../address";
import { adminOrderMessages, PRODUCT_REF_MAX_DIGITS } from "../admin-order";
import { ORDER_STATUSES } from "../order-status";
import { orderItemColorSchema, savedShippingAddressSchema } from "./customer-orders";

/**
 * An order named in the URL. Any text is taken: an id that is not one names no order, and the
 * server answers it as an unknown order (404 'Commande introuvable'), not as a malformed request.
 */
export const adminOrderParamsSchema = z.object({ id: z.string() });
export const adminOrderItemParamsSchema = z.object({ id: z.string(), itemId: z.string() });

/** One line of the order: the product as sold (price and colour kept from the sale). Cents. */
export const adminOrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  name: z.string(),
  ref: z.number(),
  quantity: z.int(),
  priceCents: z.int(),
  color: z.nullable(orderItemColorSchema),
});
export type AdminOrderItem = z.infer<typeof adminOrderItemSchema>;

/** /admin/orders/{id}. */
export const adminOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  totalAmountCents: z.int(),
  /** The delivery fee this order was made with: part of its total, never today's fee. */
  shippingFeeCents: z.int(),
  status: z.enum(ORDER_STATUSES),
  /** ISO 8601 instant. */
  orderDate: z.string(),
  live: z.object({ id: z.string(), title: z.string(), ref: z.string() }),
  client: z.object({
    id: z.string(),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    email: z.nullable(z.string()),
    tiktokUsername: z.nullable(z.string()),
    /**
     * Whether a comment of the handle carried the account's code (handle-proof.ts); null for a
     * live viewer without an account, who has no code to comment.
     */
    handleVerified: z.nullable(z.boolean()),
  }),
  /** "colissimo" */
  shippingType: z.string(),
  /** In the current shape, converted from whatever an older version stored; null when none. */
  shippingAddress: z.nullable(savedShippingAddressSchema),
  /** Whether a shipping label was generated (its file is read through the labels routes). */
  hasShippingLabel: z.boolean(),
  trackingId: z.nullable(z.string()),
  items: z.array(adminOrderItemSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;
export type AdminOrderAddress = NonNullable<AdminOrder["shippingAddress"]>;

export const adminOrderResponseSchema = z.object({ order: adminOrderSchema });
export type AdminOrderResponse = z.infer<typeof adminOrderResponseSchema>;

/** PUT /api/admin/orders/:id/status: any status, without transition rules (spec section 4). */
export const adminOrderStatusInputSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: adminOrderMessages.statusRequired }),
});
export type AdminOrderStatusInput = z.infer<typeof adminOrderStatusInputSchema>;

/** PUT /api/admin/orders/:id/address: the admin address form (spec section 5), country France. */
export const adminOrderAddressInputSchema = shippingAddressSchema;

/** GET /api/admin/orders/:id/product-suggestions?ref=12: references starting with these digits. */
export const productSuggestionsQuerySchema = z.object({
  ref: z
    .string({ error: adminOrderMessages.refDigitsOnly })
    .check(
      z.regex(/^\d+$/, { error: adminOrderMessages.refDigitsOnly, abort: true }),
      z.maxLength(PRODUCT_REF_MAX_DIGITS, { error: adminOrderMessages.refTooLong }),
    ),
});

/** A product of the order's live that no order holds yet. */
export const productSuggestionSchema = z.object({
  id: z.string(),
  ref: z.number(),
  name: z.string(),
  priceCents: z.int(),
  size: z.nullable(z.string()),
  color: z.nullable(orderItemColorSchema),
});
export type ProductSuggestion = z.infer<typeof productSuggestionSchema>;
/**
 * `exactRefSold`: the typed reference is a product of this live that an order already holds, so
 * the screen can say 'Ce produit a déjà été vendu dans ce live.' rather than that nothing matched.
 */
export const productSuggestionsResponseSchema = z.object({
  products: z.array(productSuggestionSchema),
  exactRefSold: z.boolean(),
});
export type ProductSuggestionsResponse = z.infer<typeof productSuggestionsResponseSchema>;

/** POST /api/admin/orders/:id/items. */
export const addOrderItemInputSchema = z.object({
  productId: z.uuid({ error: adminOrderMessages.productRequired }),
});
export type AddOrderItemInput = z.infer<typeof addOrderItemInputSchema>;
