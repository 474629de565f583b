import type { LightMyRequestResponse } from "fastify";
import type { Database } from "../../src/db/client";
import type { lives, productColors, products } from "../../src/db/schema";
import { apiKitOf, type Role } from "./api-kit";
import * as factories from "./factories";
import type { TestApp } from "./test-app";

type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Calls a route as one person: the cookie rides along, a payload is sent as JSON. */
export type Caller = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

/** The three people every catalogue route is tried with, signed in through the API kit. */
export function catalogueCallers(t: TestApp) {
  const kit = apiKitOf(t);
  const callerAs =
    (role: Role): Caller =>
    (method, url, payload) =>
      kit.injectAs(role, {
        method,
        url,
        ...(payload === undefined
          ? {}
          : { payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }),
      });
  return { admin: callerAs("admin"), customer: callerAs("customer"), anonymous: callerAs("anonymous") };
}

export const insertLive = factories.insertLive;
export const insertColor = factories.insertColor;

/** A product of a live, without a colour unless one is given. */
export function insertProduct(
  db: Database,
  values: Pick<typeof products.$inferInsert, "liveId"> & Partial<typeof products.$inferInsert>,
) {
  return factories.insertProduct(db, { colorId: null, ...values });
}

/** Sells a product: an order of its live with one item holding it. */
export async function sellProduct(db: Database, product: factories.ProductRow) {
  await factories.insertOrder(db, { products: [product] });
}

export async function countRows(db: Database, table: typeof lives | typeof products | typeof productColors) {
  return db.$count(table);
}
