import { userMergeMessages } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, orders } from "../src/db/schema";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import { insertCustomer, insertLiveViewer, insertOrder } from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
beforeAll(async () => {
  t = await createTestApp();
  as = await catalogueCallers(t);
});
afterAll(async () => t.close());

const URL = "/api/admin/user-merge";
const search = (q: string) => as.admin("GET", `${URL}/search?q=${encodeURIComponent(q)}`);
const merge = (sourceUserId: string, destinationUserId: string) =>
  as.admin("POST", URL, { sourceUserId, destinationUserId });
const ownersOf = async (ids: string[]) =>
  Promise.all(
    ids.map(
      async (id) =>
        (await t.db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)))[0]?.userId,
    ),
  );
const auditCount = () => t.db.$count(auditEvents, eq(auditEvents.action, "user.merge"));

describe("searching users to merge", () => {
  it("matches e-mail, handle, first or last name, in any case, sorted by last name", async () => {
    const token = randomUUID().slice(0, 8);
    const zoe = await insertCustomer(t.db, {
      firstName: "Zoé",
      lastName: `Zorro${token}`,
      tiktokUsername: `z_${token}`,
    });
    const anna = await insertCustomer(t.db, { firstName: `Anna${token}`, lastName: "Aubert" });
    const byEmail = await insertCustomer(t.db, { email: `${token}.mail@example.com`, lastName: "Martin" });
    const viewer = await insertLiveViewer(t.db, { tiktokUsername: `viewer_${token}_live` });

    const response = await search(`  ${token.toUpperCase()}  `);
    expect(response.statusCode).toBe(200);
    expect(response.json().users.map((user: { id: string }) => user.id)).toEqual([
      anna.id,
      byEmail.id,
      zoe.id,
      viewer.id,
    ]);
    expect(response.json().users[0]).toEqual({
      id: anna.id,
      firstName: `Anna${token}`,
      lastName: "Aubert",
      email: anna.email,
      tiktokUsername: anna.tiktokUsername,
    });
  });

  it("answers ten users at most", async () => {
    const token = randomUUID().slice(0, 8);
    for (let index = 0; index < 12; index++)
      await insertLiveViewer(t.db, { tiktokUsername: `many_${token}_${index}` });
    expect((await search(`many_${token}`)).json().users).toHaveLength(10);
  });

  it("takes % and _ literally", async () => {
    const token = randomUUID().slice(0, 8);
    await insertLiveViewer(t.db, { tiktokUsername: `lit${token}xa` });
    expect((await search(`lit${token}_a`)).json().users).toEqual([]);
    expect((await search("%")).json().users).toEqual([]);
  });

  it("refuses a blank search with a French message naming the field", async () => {
    for (const url of [`${URL}/search?q=%20%20`, `${URL}/search`]) {
      const response = await as.admin("GET", url);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: userMergeMessages.searchRequired,
        fields: { q: userMergeMessages.searchRequired },
      });
    }
  });

  it("is for admins only", async () => {
    expect((await as.customer("GET", `${URL}/search?q=a`)).statusCode).toBe(403);
    expect((await as.anonymous("GET", `${URL}/search?q=a`)).statusCode).toBe(401);
  });
});

describe("a user's details", () => {
  it("gives the card's fields and the orders, newest first", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Julie", lastName: "Martin" });
    const older = await insertOrder(t.db, {
      userId: customer.id,
      orderDate: new Date("2025-01-10T10:00:00Z"),
    });
    const newer = await insertOrder(t.db, {
      userId: customer.id,
      status: "paid",
      orderDate: new Date("2025-03-02T10:00:00Z"),
    });
    const response = await as.admin("GET", `${URL}/users/${customer.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toEqual({
      id: customer.id,
      firstName: "Julie",
      lastName: "Martin",
      email: customer.email,
      tiktokUsername: customer.tiktokUsername,
      createdAt: customer.createdAt.toISOString(),
      hasAccount: true,
      orders: [
        {
          id: newer.id,
          orderNumber: newer.orderNumber,
          orderDate: "2025-03-02T10:00:00.000Z",
          status: "paid",
          totalAmountCents: newer.totalAmountCents,
        },
        expect.objectContaining({ id: older.id, status: "to-validate" }),
      ],
    });
  });

  it("says a live viewer has no account", async () => {
    const viewer = await insertLiveViewer(t.db);
    expect((await as.admin("GET", `${URL}/users/${viewer.id}`)).json().user).toMatchObject({
      hasAccount: false,
      orders: [],
    });
  });

  it("answers 'Utilisateur introuvable' for an unknown user", async () => {
    const response = await as.admin("GET", `${URL}/users/${randomUUID()}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Utilisateur introuvable" });
  });
});

describe("merging two users", () => {
  it("moves every order of the source to the destination, and writes who did it in the audit log", async () => {
    const source = await insertLiveViewer(t.db);
    const destination = await insertCustomer(t.db);
    const moved = [
      await insertOrder(t.db, { userId: source.id }),
      await insertOrder(t.db, { userId: source.id, status: "paid" }),
    ];
    const kept = await insertOrder(t.db, { userId: destination.id });
    const before = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, moved[1]?.id ?? ""));

    const response = await merge(source.id, destination.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ordersTransferred: 2 });
    expect(await ownersOf([...moved.map((order) => order.id), kept.id])).toEqual([
      destination.id,
      destination.id,
      destination.id,
    ]);
    // Only the owner changed: number, status, total and address stay.
    const [after] = await t.db
      .select()
      .from(orders)
      .where(eq(orders.id, moved[1]?.id ?? ""));
    expect(after).toMatchObject({ ...before[0], userId: destination.id, updatedAt: expect.any(Date) });

    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.subjectUserId, source.id));
    const admin = await as.admin("GET", "/api/auth/session");
    expect(audit).toMatchObject({
      action: "user.merge",
      actorUserId: admin.json().user.id,
      subjectUserId: source.id,
      details: {
        destinationUserId: destination.id,
        ordersTransferred: 2,
        orderIds: expect.arrayContaining(moved.map((order) => order.id)),
      },
    });
    const details = await as.admin("GET", `${URL}/users/${source.id}`);
    expect(details.json().user.orders).toEqual([]);
  });

  it("refuses a user merged with itself, and writes nothing", async () => {
    const user = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId: user.id });
    const audits = await auditCount();
    const response = await merge(user.id, user.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Impossible de fusionner un utilisateur avec lui-même",
    });
    expect(await ownersOf([order.id])).toEqual([user.id]);
    expect(await auditCount()).toBe(audits);
  });

  it("refuses a source without orders, and writes nothing", async () => {
    const source = await insertCustomer(t.db);
    const destination = await insertCustomer(t.db);
    const audits = await auditCount();
    const response = await merge(source.id, destination.id);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "L'utilisateur source n'a aucune commande à transférer",
    });
    expect(await auditCount()).toBe(audits);
  });

  it("refuses an unknown source or destination, and moves nothing", async () => {
    const user = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId: user.id });
    for (const [sourceId, destinationId] of [
      [user.id, randomUUID()],
      [randomUUID(), user.id],
    ] as const) {
      const response = await merge(sourceId, destinationId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Utilisateur introuvable" });
    }
    expect(await ownersOf([order.id])).toEqual([user.id]);
  });

  it("asks for two user ids", async () => {
    const response = await as.admin("POST", URL, { sourceUserId: "x" });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      sourceUserId: userMergeMessages.sourceRequired,
      destinationUserId: userMergeMessages.destinationRequired,
    });
  });

  it("transfers nothing when a step fails midway (the audit insert here)", async () => {
    const source = await insertLiveViewer(t.db);
    const destination = await insertCustomer(t.db);
    const sourceOrders = [
      await insertOrder(t.db, { userId: source.id }),
      await insertOrder(t.db, { userId: source.id }),
    ];
    // The orders are moved first; the audit row, written after them in the same transaction, fails.
    await t.db.execute(sql`
      CREATE FUNCTION fail_merge_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit refused for the test'; END $$;
      CREATE TRIGGER fail_merge_audit BEFORE INSERT ON audit_events
        FOR EACH ROW WHEN (NEW.action = 'user.merge') EXECUTE FUNCTION fail_merge_audit();
    `);
    try {
      const audits = await auditCount();
      const response = await merge(source.id, destination.id);
      expect(response.statusCode).toBe(500);
      expect(await ownersOf(sourceOrders.map((order) => order.id))).toEqual([source.id, source.id]);
      expect(await auditCount()).toBe(audits);
    } finally {
      await t.db.execute(
        sql`DROP TRIGGER fail_merge_audit ON audit_events; DROP FUNCTION fail_merge_audit();`,
      );
    }
    expect((await merge(source.id, destination.id)).json()).toEqual({ ordersTransferred: 2 });
  });

  it("moves each order once when the same merge is sent twice at once", async () => {
    const source = await insertLiveViewer(t.db);
    const destination = await insertCustomer(t.db);
    await insertOrder(t.db, { userId: source.id });
    const responses = await Promise.all([merge(source.id, destination.id), merge(source.id, destination.id)]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect(responses.map((response) => response.json().ordersTransferred).filter(Boolean)).toEqual([1]);
  });

  it("is for admins only, and a refused caller moves nothing", async () => {
    const source = await insertLiveViewer(t.db);
    const destination = await insertCustomer(t.db);
    const order = await insertOrder(t.db, { userId: source.id });
    const body = { sourceUserId: source.id, destinationUserId: destination.id };
    expect((await as.customer("POST", URL, body)).statusCode).toBe(403);
    expect((await as.anonymous("POST", URL, body)).statusCode).toBe(401);
    expect(await ownersOf([order.id])).toEqual([source.id]);
  });
});
