import {
  liveViewerPlaceholderEmail,
  normalizeEmail,
  normalizeTiktokUsername,
  SHIPPING_COUNTRY,
  type ShippingAddress,
} from "@vitrine/domain";
import { asc, eq, sql } from "drizzle-orm";
import { randomBytes, randomUUID } from "node:crypto";
import type { Queryable } from "../../src/db/client";
import { addItem, createOrder } from "../../src/modules/orders";
import { authUsers, lives, orderItems, orders, productColors, products, users } from "../../src/db/schema";

/** A complete French delivery address, as a customer saves it. */
export const deliveryAddress: ShippingAddress = {
  first_name: "Marie",
  last_name: "Dupont",
  street: "8 rue de la République",
  zip: "69002",
  city: "Lyon",
  state: "",
  country: SHIPPING_COUNTRY,
  email: "marie.dupont@example.com",
  phone: "06 12 34 56 78",
};

export type UserRow = typeof users.$inferSelect;
export type LiveRow = typeof lives.$inferSelect;
export type ColorRow = typeof productColors.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type OrderWithItems = OrderRow & { items: OrderItemRow[] };

type UserOverrides = Partial<Omit<typeof users.$inferInsert, "authId" | "email">> & { email?: string };

let sequence = 0;
/**
 * Short, lower-case and unique: a counter for readable rows, and random characters so that a value
 * a test wrote by hand ("live-1") is never generated.
 */
function uniqueToken(): string {
  return `${(++sequence).toString(36)}${randomBytes(2).toString("hex")}`;
}

function inserted<T>(rows: T[], what: string): T {
  const [row] = rows;
  if (!row) throw new Error(`${what} not inserted`);
  return row;
}

/** A customer with a sign-in account (a magic-link identity, no password): real e-mail and handle. */
export async function insertCustomer(db: Queryable, overrides: UserOverrides = {}): Promise<UserRow> {
  const token = uniqueToken();
  const email = normalizeEmail(overrides.email ?? `customer-${token}@example.com`);
  return db.transaction(async (tx) => {
    const authId = randomUUID();
    await tx.insert(authUsers).values({ id: authId, email, emailVerified: true });
    const rows = await tx
      .insert(users)
      .values({
        firstName: "Julie",
        lastName: "Martin",
        tiktokUsername: `customer_${token}`,
        ...overrides,
        email,
        authId,
      })
      .returning();
    return inserted(rows, "customer");
  });
}

/** A viewer created from a handle during a live: no account, only the handle and its placeholder e-mail. */
export async function insertLiveViewer(db: Queryable, overrides: UserOverrides = {}): Promise<UserRow> {
  const tiktokUsername = normalizeTiktokUsername(overrides.tiktokUsername ?? `viewer_${uniqueToken()}`);
  const rows = await db
    .insert(users)
    .values({
      ...overrides,
      tiktokUsername,
      email: overrides.email ?? liveViewerPlaceholderEmail(tiktokUsername),
    })
    .returning();
  return inserted(rows, "live viewer");
}

export async function insertLive(
  db: Queryable,
  overrides: Partial<typeof lives.$inferInsert> = {},
): Promise<LiveRow> {
  const token = uniqueToken();
  const rows = await db
    .insert(lives)
    .values({ ref: `l${token}`, title: `Live ${token}`, liveDate: new Date(), ...overrides })
    .returning();
  return inserted(rows, "live");
}

export async function insertColor(
  db: Queryable,
  overrides: Partial<typeof productColors.$inferInsert> = {},
): Promise<ColorRow> {
  const rows = await db
    .insert(productColors)
    .values({
      name: `Couleur ${uniqueToken()}`,
      hexCode: `#${randomBytes(3).toString("hex").toUpperCase()}`,
      ...overrides,
    })
    .returning();
  return inserted(rows, "colour");
}

/**
 * A product of a live (a new live unless `liveId` is given) with a new colour (`colorId: null` for
 * none), its ref the live's next one.
 */
export async function insertProduct(
  db: Queryable,
  overrides: Partial<typeof products.$inferInsert> = {},
): Promise<ProductRow> {
  const liveId = overrides.liveId ?? (await insertLive(db)).id;
  const colorId = overrides.colorId === undefined ? (await insertColor(db)).id : overrides.colorId;
  return db.transaction(async (tx) => {
    // Products of one live are numbered one after another: concurrent factories wait their turn.
    await tx.select({ id: lives.id }).from(lives).where(eq(lives.id, liveId)).for("update");
    const rows = await tx
      .insert(products)
      .values({
        ref: sql`(SELECT coalesce(max(${products.ref}), 0) + 1 FROM ${products} WHERE ${products.liveId} = ${liveId})`,
        name: "Robe fleurie",
        priceCents: 2500,
        size: "M",
        ...overrides,
        liveId,
        colorId,
      })
      .returning();
    return inserted(rows, "product");
  });
}

export type OrderOverrides = Partial<typeof orders.$inferInsert> & {
  /** What it sells, one line each at the product's price; one new product of its live by default. */
  products?: readonly ProductRow[];
};

/**
 * An order as the server makes one, through the orders core: numbered HF-{live ref}-{n} from the
 * live's counter, a line per product at its price and colour by the one add-item path, the total
 * kept by the database; then given the columns asked for (status, dates, address...). The live is
 * the products' (or a new one), the customer a new live viewer unless `userId` is given. A product
 * already in a non-cancelled order makes it fail with a unique violation, and nothing is written.
 */
export async function insertOrder(db: Queryable, overrides: OrderOverrides = {}): Promise<OrderWithItems> {
  const { products: given, liveId: askedLive, userId: askedUser, comment, ...columns } = overrides;
  return db.transaction(async (tx) => {
    const liveId = askedLive ?? given?.[0]?.liveId ?? (await insertLive(tx)).id;
    const sold = given ?? [await insertProduct(tx, { liveId })];
    const stranger = sold.find((product) => product.liveId !== liveId);
    if (stranger) throw new Error(`product ${stranger.ref} is not in the order's live`);
    const userId = askedUser ?? (await insertLiveViewer(tx)).id;

    const created = await createOrder(tx, { liveId, userId, comment });
    for (const product of sold) await addItem(tx, created.id, product.id);
    if (Object.keys(columns).length > 0) {
      await tx.update(orders).set(columns).where(eq(orders.id, created.id));
    }
    const order = inserted(await tx.select().from(orders).where(eq(orders.id, created.id)), "order");
    const items = await tx
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
    // In the order the products were given.
    const rank = new Map(sold.map((product, index) => [product.id, index]));
    items.sort((a, b) => (rank.get(a.productId) ?? 0) - (rank.get(b.productId) ?? 0));
    return { ...order, items };
  });
}

/** An order's row as it stands now; fails when it no longer exists. */
export async function orderRowOf(db: Queryable, id: string): Promise<OrderRow> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}
