import * as z from "zod/mini";
import {
  adminOrderListMessages,
  BULK_STATUS_MAX_ORDERS,
  isOrderSearchLongEnough,
  ORDER_SEARCH_MAX_LENGTH,
  ORDERS_PAGE_MAX,
  ORDERS_PAGE_SIZE,
  ORDERS_PAGE_SIZE_MAX,
} from "../admin-order-list";
import { ORDER_STATUSES } from "../order-status";
import "../zod-french";

/**
 * A choice left empty (absent, null, or a select's "") gets the rule's own message; any other wrong
 * value falls through to the French error map, which names the field.
 */
function unchosenError(message: string) {
  return (issue: { input?: unknown }) =>
    issue.input === undefined || issue.input === null || issue.input === "" ? message : undefined;
}

/** A whole number from the query string, with its default when absent. */
function queryInteger(fallback: number, max: number) {
  return z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(max)), fallback);
}

const searchTextSchema = z.string().check(z.trim(), z.maxLength(ORDER_SEARCH_MAX_LENGTH));
const orderSearchTextSchema = searchTextSchema.check(
  z.refine(isOrderSearchLongEnough, { error: adminOrderListMessages.searchTooShort }),
);

export const adminOrderListQuerySchema = z.object({
  status: z.optional(z.enum(ORDER_STATUSES)),
  liveId: z.optional(z.uuid()),
  userId: z.optional(z.uuid()),
  /** Free text on the client's e-mail and handle and on the order number, case-insensitive. */
  q: z.optional(orderSearchTextSchema),
  page: queryInteger(1, ORDERS_PAGE_MAX),
  pageSize: queryInteger(ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE_MAX),
});
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export type AdminOrderFilters = z.output<typeof adminOrderListQuerySchema>;

/** The person an order belongs to, as the back office shows and chooses them. */
export const orderClientSchema = z.object({
  id: z.string(),
  firstName: z.nullable(z.string()),
  lastName: z.nullable(z.string()),
  displayName: z.nullable(z.string()),
  email: z.nullable(z.string()),
  tiktokUsername: z.nullable(z.string()),
});
export type OrderClient = z.infer<typeof orderClientSchema>;

export const adminOrderRowSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  /** ISO 8601 instant. */
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  /** Integer cents. */
  totalAmountCents: z.number(),
  live: z.object({ id: z.string(), title: z.string(), ref: z.string() }),
  client: orderClientSchema,
});
export type AdminOrderRow = z.infer<typeof adminOrderRowSchema>;

export const adminOrderListResponseSchema = z.object({
  orders: z.array(adminOrderRowSchema),
  /** Orders matching the filters, over every page. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminOrderList = z.infer<typeof adminOrderListResponseSchema>;

/** 'New order' (spec §5: live and user required). The same schema checks the dialog's form. */
export const newOrderInputSchema = z.object({
  liveId: z.uuid({ error: unchosenError(adminOrderListMessages.liveRequired) }),
  userId: z.uuid({ error: unchosenError(adminOrderListMessages.userRequired) }),
});
export type NewOrderInput = z.input<typeof newOrderInputSchema>;

export const newOrderResponseSchema = z.object({ order: adminOrderRowSchema });

/** A status chosen in a select; none chosen gets the spec's message. */
export const chosenOrderStatusSchema = z.enum(ORDER_STATUSES, {
  error: unchosenError(adminOrderListMessages.statusRequired),
});

export const bulkOrderStatusInputSchema = z.object({
  orderIds: z
    .array(z.uuid(), { error: unchosenError(adminOrderListMessages.selectionRequired) })
    .check(
      z.minLength(1, { error: adminOrderListMessages.selectionRequired }),
      z.maxLength(BULK_STATUS_MAX_ORDERS, { error: adminOrderListMessages.tooManyOrders }),
    ),
  status: chosenOrderStatusSchema,
});
export type BulkOrderStatusInput = z.input<typeof bulkOrderStatusInputSchema>;

/**
 * Each order changed on its own: those changed, and each of the others skipped, by its number
 * (null for an order that does not exist) and why.
 */
export const bulkOrderStatusResponseSchema = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ id: z.string(), orderNumber: z.nullable(z.string()), message: z.string() })),
});
export type BulkOrderStatusResult = z.infer<typeof bulkOrderStatusResponseSchema>;

/** The people a back-office user may pick for an order: by text, or the one already picked (reload). */
export const userChoicesQuerySchema = z.object({
  q: z.optional(searchTextSchema),
  userId: z.optional(z.uuid()),
});
export type UserChoicesQuery = z.output<typeof userChoicesQuerySchema>;
export const userChoicesResponseSchema = z.object({ users: z.array(orderClientSchema) });
