import {
  addresseeName,
  isRealEmail,
  storedShippingAddress,
  type AdminUser,
  type AdminUserOrder,
  type AdminUserOrderAddress,
} from "@vitrine/domain";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { lives, orderItems, orders, products, users } from "../../db/schema";

const adminUserColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  tiktokUsername: users.tiktokUsername,
  handleVerified: sql<boolean>`${users.handleVerifiedAt} IS NOT NULL`,
  unpaidHolds: users.unpaidHolds,
  isAdmin: users.isAdmin,
  hasAccount: sql<boolean>`${users.authId} IS NOT NULL`,
  // Spelled out: inside a subquery, drizzle's unqualified column names would mean the orders' own id.
  ordersCount: sql<number>`(SELECT count(*) FROM "orders" WHERE "orders"."user_id" = "users"."id")::int`,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
};

type AdminUserRow = Omit<AdminUser, "createdAt" | "lastSignInAt"> & {
  createdAt: Date;
  lastSignInAt: Date | null;
};

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...row,
    // A live viewer's placeholder is no mailbox: staff see none.
    email: isRealEmail(row.email) ? row.email : null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  };
}

/** /admin/users: the customers (never the administrators), newest first, with their counts. */
export async function listCustomers(db: Queryable): Promise<AdminUser[]> {
  const rows = await db
    .select(adminUserColumns)
    .from(users)
    .where(eq(users.isAdmin, false))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map(toAdminUser);
}

export async function findAdminUser(db: Queryable, id: string): Promise<AdminUser | undefined> {
  const [row] = await db.select(adminUserColumns).from(users).where(eq(users.id, id));
  return row ? toAdminUser(row) : undefined;
}

/** Any stored address (today's shape or an older one, see storedShippingAddress) as the dialog shows it. */
export function displayAddress(stored: unknown): AdminUserOrderAddress | null {
  const address = storedShippingAddress(stored);
  if (!address) return null;
  const { street, zip, city, country } = address;
  return {
    name: addresseeName(address),
    street,
    zip,
    city,
    country,
  };
}

/** The orders dialog: a person's orders newest first, each with its live, address and lines. */
export async function listOrdersOfUser(db: Queryable, userId: string): Promise<AdminUserOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      orderDate: orders.orderDate,
      status: orders.status,
      totalAmountCents: orders.totalAmountCents,
      shippingAddress: orders.shippingAddress,
      live: { id: lives.id, title: lives.title },
    })
    .from(orders)
    .innerJoin(lives, eq(lives.id, orders.liveId))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.orderDate), desc(orders.createdAt));
  const lines =
    rows.length === 0
      ? []
      : await db
          .select({
            id: orderItems.id,
            orderId: orderItems.orderId,
            name: products.name,
            ref: products.ref,
            quantity: orderItems.quantity,
            priceCents: orderItems.priceCents,
          })
          .from(orderItems)
          .innerJoin(products, eq(products.id, orderItems.productId))
          .where(
            inArray(
              orderItems.orderId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(orderItems.createdAt), asc(products.ref));
  return rows.map((row) => ({
    ...row,
    orderDate: row.orderDate.toISOString(),
    shippingAddress: displayAddress(row.shippingAddress),
    items: lines
      .filter((line) => line.orderId === row.id)
      .map(({ orderId: _, ref, ...line }) => ({ ...line, ref: String(ref) })),
  }));
}
