import { CANCELLED_ORDER_STATUSES, PAID_ORDER_STATUSES, type OrderStatus } from "@vitrine/domain";
import { sql } from "drizzle-orm";

/** A list of the domain's order statuses as an SQL array, for `status = ANY (…)`. */
export const orderStatusArray = (statuses: readonly OrderStatus[]) =>
  sql`ARRAY[${sql.join(
    statuses.map((status) => sql`${status}`),
    sql`, `,
  )}]::order_status[]`;

/** The statuses of a paid order: an in-order claim on one shows as 'paid'. */
export const paidOrderStatuses = orderStatusArray(PAID_ORDER_STATUSES);
export const cancelledOrderStatuses = orderStatusArray(CANCELLED_ORDER_STATUSES);
