import type { LightMyRequestResponse } from "fastify";
import { randomUUID } from "node:crypto";
import type { Database } from "../../src/db/client";
import { lives, orderItems, orders, productColors, products, users } from "../../src/db/schema";
import { signInAsAdmin, signUpCustomer } from "./actors";
import type { TestApp } from "./test-app";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Calls a route as one person: the cookie rides along, a payload is sent as JSON. */
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

function callerWith(t: TestApp, cookie: string | undefined): Caller {
  return (method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** The three people every admin route is tried with. */
export async function catalogueCallers(t: TestApp, customerHandle: string) {
  return {
    admin: callerWith(t, await signInAsAdmin(t)),
    customer: callerWith(t, await signUpCustomer(t, customerHandle, `${customerHandle}@example.com`)),
    anonymous: callerWith(t, undefined),
  };
}

let sequence = 0;
const next = () => ++sequence;

export async function insertLive(db: Database, values: Partial<typeof lives.$inferInsert> = {}) {
  const n = next();
  const [live] = await db
    .insert(lives)
    .values({ ref: `fx-${n}`, title: `Live ${n}`, liveDate: new Date(), ...values })
    .returning();
  if (!live) throw new Error("no live inserted");
  return live;
}

export async function insertColor(db: Database, values: Partial<typeof productColors.$inferInsert> = {}) {
  const [color] = await db
    .insert(productColors)
    .values({ name: `Couleur ${next()}`, hexCode: "#123456", ...values })
    .returning();
  if (!color) throw new Error("no colour inserted");
  return color;
}

export async function insertProduct(
  db: Database,
  values: Pick<typeof products.$inferInsert, "liveId"> & Partial<typeof products.$inferInsert>,
) {
  const [product] = await db
    .insert(products)
    .values({ ref: next(), name: "Robe", priceCents: 1000, ...values })
    .returning();
  if (!product) throw new Error("no product inserted");
  return product;
}

/** Sells a product: an order of its live with one item holding it. */
export async function sellProduct(db: Database, product: { id: string; liveId: string; priceCents: number }) {
  const [user] = await db
    .insert(users)
    .values({ tiktokUsername: `acheteuse_${next()}` })
    .returning({ id: users.id });
  if (!user) throw new Error("no user inserted");
  const [order] = await db
    .insert(orders)
    .values({ orderNumber: `HF-test-${randomUUID()}`, liveId: product.liveId, userId: user.id })
    .returning({ id: orders.id });
  if (!order) throw new Error("no order inserted");
  await db
    .insert(orderItems)
    .values({ orderId: order.id, productId: product.id, priceCents: product.priceCents });
}

export async function countRows(db: Database, table: typeof lives | typeof products | typeof productColors) {
  return db.$count(table);
}
