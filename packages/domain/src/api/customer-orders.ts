import * as z from "zod/mini";
import { shippingAddressSchema } from "../address";
import { ORDER_STATUSES } from "../order-status";
import { customerParcelSchema } from "./parcels";
import { customerOrderRefundSchema } from "./order-refunds";

export const orderItemColorSchema = z.object({ name: z.string(), hexCode: z.string() });

/** One line of an order as the customer sees it. Prices in cents. */
export const customerOrderItemSchema = z.object({
  id: z.string(),
  productId: z.string(),
  ref: z.string(),
  name: z.string(),
  quantity: z.int(),
  priceCents: z.int(),
  color: z.nullable(orderItemColorSchema),
});
export type CustomerOrderItem = z.infer<typeof customerOrderItemSchema>;

/** A card of /customer/orders. */
export const customerOrderSummarySchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601 instant. */
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmountCents: z.int(),
  trackingId: z.nullable(z.string()),
  items: z.array(customerOrderItemSchema),
  /** A payment was received for it and staff have not resolved it yet (payment to review). */
  paymentUnderReview: z.boolean(),
  /** The parcel it travels in with other orders (combined parcels); null or absent: alone. */
  parcel: z.optional(z.nullable(customerParcelSchema)),
  /** Cancelled by the shop and refunded ('Remboursée'): what went back; null otherwise. */
  refund: z.nullable(customerOrderRefundSchema),
});
export type CustomerOrderSummary = z.infer<typeof customerOrderSummarySchema>;

/** The stored delivery address, as saved (country always France). */
export const savedShippingAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  email: z.string(),
  phone: z.string(),
  delivery_note: z.optional(z.string()),
});

/** /customer/order/{id}: the order with its address, shipping and payment. */
export const customerOrderSchema = z.extend(customerOrderSummarySchema, {
  subtotalCents: z.int(),
  shippingCents: z.int(),
  shippingAddress: z.nullable(savedShippingAddressSchema),
  /** "colissimo" */
  shippingType: z.string(),
  paymentMethod: z.string(),
  paymentStatus: z.nullable(z.string()),
  /** ISO 8601 instant, set once a verified payment went through. */
  paymentDate: z.nullable(z.string()),
  /**
   * It came from live comments and the shop keeps changes to such orders for proven handles
   * (VERIFIED_HANDLES_ONLY), which this customer's is not yet: it can be validated and paid, and
   * 'Modifier' or a new address is refused until the handle is proven.
   */
  changesNeedHandleProof: z.boolean(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

export const customerOrderListResponseSchema = z.object({
  orders: z.array(customerOrderSummarySchema),
});
export type CustomerOrderListResponse = z.infer<typeof customerOrderListResponseSchema>;
export const customerOrderResponseSchema = z.object({ order: customerOrderSchema });
export type CustomerOrderResponse = z.infer<typeof customerOrderResponseSchema>;

/**
 * GET /api/customer/orders/last-address: the delivery address of the customer's most recent order
 * that has one, for the address form of the next order to start from (null before the first).
 */
export const lastShippingAddressResponseSchema = z.object({
  address: z.nullable(savedShippingAddressSchema),
});
export type LastShippingAddressResponse = z.infer<typeof lastShippingAddressResponseSchema>;

/** PUT /api/customer/orders/:id/address: saves the address and moves the order to to-pay. */
export const shippingAddressRequestSchema = shippingAddressSchema;
export type ShippingAddressRequest = z.input<typeof shippingAddressSchema>;
