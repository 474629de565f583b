import * as z from "zod/mini";
import { ORDER_STATUSES } from "../order-status";
import { orderItemColorSchema, savedShippingAddressSchema } from "./customer-orders";

export const preparationItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The product's reference in its live, as text. */
  ref: z.string(),
  quantity: z.int(),
  priceCents: z.int(),
  color: z.nullable(orderItemColorSchema),
});
export type PreparationItem = z.infer<typeof preparationItemSchema>;

export const preparationCustomerSchema = z.object({
  id: z.string(),
  tiktokUsername: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  email: z.nullable(z.string()),
});
export type PreparationCustomer = z.infer<typeof preparationCustomerSchema>;

/** Another order of the parcel a card's order leads (combined parcels): its number and pieces. */
export const preparationParcelMemberSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmountCents: z.int(),
  items: z.array(preparationItemSchema),
});
export type PreparationParcelMember = z.infer<typeof preparationParcelMemberSchema>;

/** A paid order waiting to be prepared: who, where, what, and its label. */
export const preparationOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601 instants. */
  orderDate: z.string(),
  paymentDate: z.nullable(z.string()),
  status: z.enum(ORDER_STATUSES),
  totalAmountCents: z.int(),
  liveTitle: z.string(),
  customer: preparationCustomerSchema,
  shippingAddress: z.nullable(savedShippingAddressSchema),
  items: z.array(preparationItemSchema),
  hasLabel: z.boolean(),
  trackingId: z.nullable(z.string()),
  /** The other orders of the parcel it leads, in one card with it; absent or empty: it travels alone. */
  parcelMembers: z.optional(z.array(preparationParcelMemberSchema)),
});
export type PreparationOrder = z.infer<typeof preparationOrderSchema>;
export const preparationListResponseSchema = z.object({ orders: z.array(preparationOrderSchema) });

/** POST /api/admin/preparation/:id/validate: the order, now to ship. */
export const preparationValidatedResponseSchema = z.object({
  order: z.object({ id: z.string(), orderNumber: z.string(), status: z.enum(ORDER_STATUSES) }),
});
