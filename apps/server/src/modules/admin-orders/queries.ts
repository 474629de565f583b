import {
  EMPTIED_ORDER_STATUS,
  orderSearchPattern,
  type AdminOrderFilters,
  type AdminOrderRow,
  type OrderStatus,
} from "@vitrine/domain";
import { eq, fillPlaceholders, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { lives, orders, users } from "../../db/schema";

/** A row of the list as the statements below return it (pg's own type parsing: dates as Date). */
export interface OrderListRow {
  id: string;
  orderNumber: string;
  orderDate: Date;
  status: OrderStatus;
  totalAmountCents: number;
  liveId: string;
  liveTitle: string;
  liveRef: string;
  userId: string;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
  tiktokUsername: string | null;
}

/** Which filters a request uses: each combination is one pair of prepared statements. */
interface FilterShape {
  status: boolean;
  liveId: boolean;
  userId: boolean;
  text: boolean;
}

/** A statement ready for pg: named, so that each connection parses it once and reuses it. */
export interface OrderListStatement {
  name: string;
  text: string;
  values: unknown[];
}

/**
 * The filters as one WHERE on `orders` alone, so that the page and its count each read one table
 * before any join.
 *
 * The free text matches the order number or the client's e-mail or handle. The clients are found
 * first through the trigram indexes on users (an InitPlan run once), and `user_id = ANY(array)`
 * lets PostgreSQL OR the orders' user index with the order number's trigram index in one bitmap
 * scan; an `EXISTS` or an `IN (subquery)` under the OR could not be planned that way and would
 * test every order. Plans: docs/decisions/017-orders-list-at-scale.md.
 */
function whereOf(shape: FilterShape): SQL {
  const conditions: SQL[] = [];
  // Orders the claims engine emptied are no work for staff: listed only when asked for by status.
  if (shape.status) conditions.push(sql`o.status = ${sql.placeholder("status")}`);
  else conditions.push(sql`o.status <> ${EMPTIED_ORDER_STATUS}`);
  if (shape.liveId) conditions.push(sql`o.live_id = ${sql.placeholder("liveId")}`);
  if (shape.userId) conditions.push(sql`o.user_id = ${sql.placeholder("userId")}`);
  if (shape.text) {
    const pattern = sql.placeholder("pattern");
    conditions.push(
      sql`(o.order_number ILIKE ${pattern} OR o.user_id = ANY(ARRAY(SELECT c.id FROM users c WHERE c.email ILIKE ${pattern} OR c.tiktok_username ILIKE ${pattern})))`,
    );
  }
  return conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
}

/**
 * The page (offset pagination: the screen jumps to any page and shows the total; newest first,
 * the id breaking ties so that pages never overlap, both read backwards from orders_date_idx or
 * orders_status_date_idx) is chosen on `orders` alone, then only its rows are joined to their
 * live and client.
 *
 * The total: with a live, a user or a text, every match is read anyway to sort it, so the page
 * counts them itself (`count(*) OVER ()`, before LIMIT) and one statement does. Without them (all
 * orders, or a status) the page stops after its rows in index order, and the count is a second
 * statement, run beside it.
 */
function buildStatements(shape: FilterShape, key: string) {
  const where = whereOf(shape);
  const countsItself = shape.liveId || shape.userId || shape.text;
  const page = sql`SELECT p.id, p.order_number AS "orderNumber", p.order_date AS "orderDate", p.status,
      p.total_amount_cents AS "totalAmountCents", l.id AS "liveId", l.title AS "liveTitle", l.ref AS "liveRef",
      u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.display_name AS "displayName",
      u.email, u.tiktok_username AS "tiktokUsername", p.total
    FROM (SELECT o.id, o.order_number, o.order_date, o.status, o.total_amount_cents, o.live_id, o.user_id,
                 ${countsItself ? sql`count(*) OVER ()::int` : sql`NULL::int`} AS total
          FROM orders o ${where}
          ORDER BY o.order_date DESC, o.id DESC
          LIMIT ${sql.placeholder("limit")} OFFSET ${sql.placeholder("offset")}) p
    JOIN lives l ON l.id = p.live_id
    JOIN users u ON u.id = p.user_id
    ORDER BY p.order_date DESC, p.id DESC`;
  const total = sql`SELECT count(*)::int AS total FROM orders o ${where}`;
  // Every match, newest first, for the CSV export: read through a cursor, never as one array.
  // Named in a comment so that pg_stat_activity tells the export from the page.
  const all = sql`SELECT /* orders csv export */ o.order_number AS "orderNumber", o.order_date AS "orderDate", o.status,
      o.total_amount_cents AS "totalAmountCents", l.title AS "liveTitle", l.ref AS "liveRef",
      u.first_name AS "firstName", u.last_name AS "lastName", u.display_name AS "displayName",
      u.email, u.tiktok_username AS "tiktokUsername"
    FROM orders o JOIN lives l ON l.id = o.live_id JOIN users u ON u.id = o.user_id
    ${where}
    ORDER BY o.order_date DESC, o.id DESC`;
  const dialect = new PgDialect();
  return {
    countsItself,
    page: { name: `admin_orders_page_${key}`, ...dialect.sqlToQuery(page) },
    total: { name: `admin_orders_total_${key}`, ...dialect.sqlToQuery(total) },
    all: { name: `admin_orders_all_${key}`, ...dialect.sqlToQuery(all) },
  };
}

const statementsByShape = new Map<string, ReturnType<typeof buildStatements>>();

/**
 * The statements behind one page of the list, with this request's values. Their text depends only
 * on which filters are used (16 combinations, built once each), so they are sent as named
 * prepared statements: PostgreSQL parses each once per connection.
 */
export function orderListStatements(filters: AdminOrderFilters): {
  /** Whether the page's rows carry the total (then `total` is needed only for a page past the end). */
  countsItself: boolean;
  page: OrderListStatement;
  total: OrderListStatement;
  /** Every order the filters keep, newest first, without paging (the CSV export's rows). */
  all: OrderListStatement;
} {
  const pattern = orderSearchPattern(filters.q);
  const shape: FilterShape = {
    status: filters.status !== undefined,
    liveId: filters.liveId !== undefined,
    userId: filters.userId !== undefined,
    text: pattern !== null,
  };
  const key = [shape.status, shape.liveId, shape.userId, shape.text].map(Number).join("");
  let statements = statementsByShape.get(key);
  if (!statements) {
    statements = buildStatements(shape, key);
    statementsByShape.set(key, statements);
  }
  const values = {
    status: filters.status,
    liveId: filters.liveId,
    userId: filters.userId,
    pattern,
    limit: filters.pageSize,
    offset: (filters.page - 1) * filters.pageSize,
  };
  const filled = (statement: (typeof statements)["page"]) => ({
    name: statement.name,
    text: statement.sql,
    values: fillPlaceholders(statement.params, values),
  });
  return {
    countsItself: statements.countsItself,
    page: filled(statements.page),
    total: filled(statements.total),
    all: filled(statements.all),
  };
}

/** A row of `orderListStatements(...).all`. */
export type OrderExportRow = Omit<OrderListRow, "id" | "liveId" | "userId">;

/** Sends a statement and answers its rows: the app's pool, or the benchmark's bare one. */
export type StatementRunner = <Row extends object>(statement: OrderListStatement) => Promise<{ rows: Row[] }>;

/** One page of the list and the total, in one statement or two side by side (see buildStatements). */
export async function fetchOrderList(
  run: StatementRunner,
  filters: AdminOrderFilters,
): Promise<{ rows: OrderListRow[]; total: number }> {
  const { countsItself, page, total } = orderListStatements(filters);
  const countAll = async () => (await run<{ total: number }>(total)).rows[0]?.total ?? 0;
  if (!countsItself) {
    const [pageRows, counted] = await Promise.all([run<OrderListRow & { total: null }>(page), countAll()]);
    return { rows: pageRows.rows, total: counted };
  }
  const { rows } = await run<OrderListRow & { total: number }>(page);
  const first = rows[0];
  // A page past the last one has no row to carry the total.
  const counted = first ? first.total : filters.page === 1 ? 0 : await countAll();
  return { rows, total: counted };
}

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
