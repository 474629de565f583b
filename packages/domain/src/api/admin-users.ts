import * as z from "zod/mini";
import { ORDER_STATUSES } from "../order-status";

/** A row of /admin/users (spec section 3 'users', with its derived fields). */
export const adminUserSchema = z.object({
  id: z.string(),
  /** Null when the person has no mailbox (a live viewer's placeholder is not one). */
  email: z.nullable(z.string()),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  tiktokUsername: z.nullable(z.string()),
  /** Whether a comment of the handle carried the account's code (handle-proof.ts). */
  handleVerified: z.boolean(),
  /** Holds that expired unpaid (UNPAID_HOLDS_LIMIT stops the engine's automatic gives). */
  unpaidHolds: z.int(),
  isAdmin: z.boolean(),
  /** Whether a sign-in account exists (auth_id is set). */
  hasAccount: z.boolean(),
  ordersCount: z.int(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListResponseSchema = z.object({ users: z.array(adminUserSchema) });
export const adminUserResponseSchema = z.object({ user: adminUserSchema });

/** The delivery address as the orders dialog shows it, whatever shape it was stored in. */
export const adminOrderAddressSchema = z.object({
  name: z.string(),
  street: z.string(),
  zip: z.string(),
  city: z.string(),
  country: z.string(),
});
export type AdminUserOrderAddress = z.infer<typeof adminOrderAddressSchema>;

export const adminUserOrderItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  ref: z.string(),
  quantity: z.int(),
  priceCents: z.int(),
});

/** An expandable row of the 'Commandes de {user}' dialog. */
export const adminUserOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601 instant. */
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  totalAmountCents: z.int(),
  live: z.object({ id: z.string(), title: z.string() }),
  shippingAddress: z.nullable(adminOrderAddressSchema),
  items: z.array(adminUserOrderItemSchema),
});
export type AdminUserOrder = z.infer<typeof adminUserOrderSchema>;

export const adminUserOrdersResponseSchema = z.object({
  user: z.object({ id: z.string(), email: z.nullable(z.string()) }),
  orders: z.array(adminUserOrderSchema),
});
export type AdminUserOrdersResponse = z.infer<typeof adminUserOrdersResponseSchema>;
