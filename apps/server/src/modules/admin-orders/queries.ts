import { orderSearchPattern, type AdminOrderFilters, type AdminOrderRow } from "@vitrine/domain";
import { and, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { lives, orders, users } from "../../db/schema";

/**
 * The filters of the back office's orders list as one WHERE on `orders` alone, so that the page and
 * its count each read one table before any join.
 *
 * The free text matches the order number or the client's e-mail or handle. The clients are found
 * first through the trigram indexes on users (an InitPlan run once), and `user_id = ANY(array)` lets
 * PostgreSQL OR the orders' user index with the order number's trigram index in one bitmap scan;
 * an `EXISTS` or an `IN (subquery)` under the OR could not be planned that way and would test every
 * order. Plans: docs/decisions/014-orders-list-at-scale.md.
 */
export function orderListFilter({ status, liveId, userId, q }: Omit<AdminOrderFilters, "page" | "pageSize">) {
  const pattern = orderSearchPattern(q);
  return and(
    status ? eq(orders.status, status) : undefined,
    liveId ? eq(orders.liveId, liveId) : undefined,
    userId ? eq(orders.userId, userId) : undefined,
    pattern
      ? or(
          ilike(orders.orderNumber, pattern),
          sql`${orders.userId} = ANY(ARRAY(SELECT ${users.id} FROM ${users} WHERE ${users.email} ILIKE ${pattern} OR ${users.tiktokUsername} ILIKE ${pattern}))`,
        )
      : undefined,
  );
}

/** Newest first; the id breaks ties so that pages never overlap. Both read orders_date_idx backwards. */
const newestFirst = [desc(orders.orderDate), desc(orders.id)];

/**
 * The two statements behind one page of the list: the page (offset pagination: the screen jumps to
 * any page and shows the total) and the count of every matching order. The page is chosen on
 * `orders` alone, then only its rows are joined to their live and client.
 */
export function orderListQueries(db: Queryable, filters: AdminOrderFilters) {
  const where: SQL | undefined = orderListFilter(filters);
  const page = db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      status: orders.status,
      totalAmountCents: orders.totalAmountCents,
      liveId: orders.liveId,
      userId: orders.userId,
    })
    .from(orders)
    .where(where)
    .orderBy(...newestFirst)
    .limit(filters.pageSize)
    .offset((filters.page - 1) * filters.pageSize)
    .as("page");
  return {
    rows: db
      .select({
        id: page.id,
        orderNumber: page.orderNumber,
        orderDate: page.orderDate,
        status: page.status,
        totalAmountCents: page.totalAmountCents,
        liveId: lives.id,
        liveTitle: lives.title,
        liveRef: lives.ref,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        displayName: users.displayName,
        email: users.email,
        tiktokUsername: users.tiktokUsername,
      })
      .from(page)
      .innerJoin(lives, eq(lives.id, page.liveId))
      .innerJoin(users, eq(users.id, page.userId))
      .orderBy(desc(page.orderDate), desc(page.id)),
    total: db.select({ total: count() }).from(orders).where(where),
  };
}

type OrderListRow = Awaited<ReturnType<typeof orderListQueries>["rows"]>[number];

export function toAdminOrderRow(row: OrderListRow): AdminOrderRow {
  return {
    id: row.id,
    orderNumber: row.orderNumber,
    orderDate: row.orderDate.toISOString(),
    status: row.status,
    totalAmountCents: row.totalAmountCents,
    live: { id: row.liveId, title: row.liveTitle, ref: row.liveRef },
    client: {
      id: row.userId,
      firstName: row.firstName,
      lastName: row.lastName,
      displayName: row.displayName,
      email: row.email,
      tiktokUsername: row.tiktokUsername,
    },
  };
}

/** One order as a row of the list, or null. */
export async function findAdminOrderRow(db: Queryable, id: string): Promise<AdminOrderRow | null> {
  const [row] = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      status: orders.status,
      totalAmountCents: orders.totalAmountCents,
      liveId: lives.id,
      liveTitle: lives.title,
      liveRef: lives.ref,
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      email: users.email,
      tiktokUsername: users.tiktokUsername,
    })
    .from(orders)
    .innerJoin(lives, eq(lives.id, orders.liveId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, id));
  return row ? toAdminOrderRow(row) : null;
}
