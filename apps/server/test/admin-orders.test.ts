import { adminOrderListMessages, type AdminOrderRow, type OrderStatus } from "@vitrine/domain";
import { eq, inArray, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/client";
import { lives, orders } from "../src/db/schema";
import { createOrder } from "../src/modules/orders";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import {
  deliveryAddress,
  insertCustomer,
  insertLive,
  insertLiveViewer,
  insertOrder,
  insertProduct,
  orderRowOf,
  type LiveRow,
  type OrderRow,
  type UserRow,
} from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

const URL = "/api/admin/orders";
const UNKNOWN = "5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

interface ListReply {
  orders: AdminOrderRow[];
  total: number;
  page: number;
  pageSize: number;
}

async function list(caller: Caller, query: Record<string, string> = {}): Promise<ListReply> {
  const search = new URLSearchParams(query).toString();
  const response = await caller("GET", search ? `${URL}?${search}` : URL);
  if (response.statusCode !== 200) throw new Error(`list answered ${response.statusCode}: ${response.body}`);
  return response.json<ListReply>();
}

const numbersOf = (reply: ListReply) => reply.orders.map((order) => order.orderNumber);

describe("the orders list", () => {
  let t: TestApp;
  let as: ReturnType<typeof catalogueCallers>;
  let spring: LiveRow;
  let summer: LiveRow;
  let marie: UserRow;
  let lea: UserRow;
  let viewer: UserRow;
  let noHandle: UserRow;
  /** The six orders of two lives, newest first. */
  let newestFirst: OrderRow[];

  beforeAll(async () => {
    t = await createTestApp();
    as = catalogueCallers(t);
    spring = await insertLive(t.db, { title: "Live printemps" });
    summer = await insertLive(t.db, { title: "Live été" });
    marie = await insertCustomer(t.db, {
      firstName: "Marie",
      lastName: "Durand",
      email: "marie.durand@example.com",
      tiktokUsername: "marie_d",
    });
    lea = await insertCustomer(t.db, {
      firstName: "Léa",
      lastName: "Martin",
      email: "lea.martin@example.com",
      tiktokUsername: "lea_mtn",
    });
    viewer = await insertLiveViewer(t.db, { tiktokUsername: "zoe_live" });
    noHandle = await insertCustomer(t.db, {
      firstName: "Sans",
      lastName: "Pseudo",
      email: "sans.pseudo@example.com",
      tiktokUsername: null,
    });
    const made: [UserRow, LiveRow, OrderStatus][] = [
      [marie, spring, "to-validate"],
      [marie, spring, "paid"],
      [lea, spring, "paid"],
      [lea, summer, "shipped"],
      [viewer, summer, "to-validate"],
      [noHandle, summer, "paid"],
    ];
    const created: OrderRow[] = [];
    for (const [index, [user, live, status]] of made.entries()) {
      created.push(
        await insertOrder(t.db, {
          userId: user.id,
          liveId: live.id,
          status,
          orderDate: minutesAgo(60 - index),
        }),
      );
    }
    newestFirst = created.reverse();
  });
  afterAll(async () => t.close());

  const numbers = (...rows: OrderRow[]) => rows.map((row) => row.orderNumber);
  const ordersWhere = (keep: (row: OrderRow) => boolean) => numbers(...newestFirst.filter(keep));

  it("answers a page of 50 newest first with the total, each row with its client, live, status and amount", async () => {
    const reply = await list(as.admin);
    expect(reply).toMatchObject({ total: 6, page: 1, pageSize: 50 });
    expect(numbersOf(reply)).toEqual(numbers(...newestFirst));
    const first = newestFirst[0];
    expect(reply.orders[0]).toEqual({
      id: first?.id,
      orderNumber: `HF-${summer.ref}-3`,
      orderDate: first?.orderDate.toISOString(),
      status: "paid",
      totalAmountCents: first?.totalAmountCents,
      live: { id: summer.id, title: "Live été", ref: summer.ref },
      client: {
        id: noHandle.id,
        firstName: "Sans",
        lastName: "Pseudo",
        displayName: null,
        email: "sans.pseudo@example.com",
        tiktokUsername: null,
      },
    });
    expect(reply.orders.find((order) => order.client.id === viewer.id)?.client).toMatchObject({
      firstName: null,
      tiktokUsername: "zoe_live",
      email: "zoe_live@viewers.vitrine.invalid",
    });
  });

  it("filters by status, live or user alone", async () => {
    const paid = await list(as.admin, { status: "paid" });
    expect(numbersOf(paid)).toEqual(ordersWhere((row) => row.status === "paid"));
    expect(paid.total).toBe(3);
    const ofSummer = await list(as.admin, { liveId: summer.id });
    expect(numbersOf(ofSummer)).toEqual(ordersWhere((row) => row.liveId === summer.id));
    expect(ofSummer.total).toBe(3);
    const ofLea = await list(as.admin, { userId: lea.id });
    expect(numbersOf(ofLea)).toEqual(ordersWhere((row) => row.userId === lea.id));
    expect(ofLea.total).toBe(2);
  });

  it("combines the filters", async () => {
    const paidInSpring = await list(as.admin, { status: "paid", liveId: spring.id });
    expect(numbersOf(paidInSpring)).toEqual(
      ordersWhere((row) => row.status === "paid" && row.liveId === spring.id),
    );
    expect(paidInSpring.total).toBe(2);
    const marieToValidate = await list(as.admin, {
      status: "to-validate",
      liveId: spring.id,
      userId: marie.id,
    });
    expect(marieToValidate.total).toBe(1);
    expect(marieToValidate.orders[0]?.client.id).toBe(marie.id);
    const leaInSummer = await list(as.admin, {
      q: "lea",
      liveId: summer.id,
      status: "shipped",
      userId: lea.id,
    });
    expect(numbersOf(leaInSummer)).toEqual(
      ordersWhere((row) => row.userId === lea.id && row.liveId === summer.id),
    );
    expect(await list(as.admin, { status: "delivered", liveId: spring.id })).toMatchObject({
      orders: [],
      total: 0,
    });
    expect((await list(as.admin, { userId: lea.id, q: "marie" })).total).toBe(0);
  });

  it("finds text in the e-mail, whatever its case", async () => {
    const reply = await list(as.admin, { q: "DURAND@Example" });
    expect(numbersOf(reply)).toEqual(ordersWhere((row) => row.userId === marie.id));
    expect((await list(as.admin, { q: "sans.pseudo" })).total).toBe(1);
  });

  it("finds text in the TikTok handle, with or without its @", async () => {
    expect(numbersOf(await list(as.admin, { q: "LEA_M" }))).toEqual(
      ordersWhere((row) => row.userId === lea.id),
    );
    expect(numbersOf(await list(as.admin, { q: " @zoe_li " }))).toEqual(
      ordersWhere((row) => row.userId === viewer.id),
    );
  });

  it("finds text in the order number, from its prefix to any part of it", async () => {
    expect(numbersOf(await list(as.admin, { q: `hf-${spring.ref}` }))).toEqual(
      ordersWhere((row) => row.liveId === spring.id),
    );
    expect(numbersOf(await list(as.admin, { q: `${summer.ref}-2` }))).toEqual([`HF-${summer.ref}-2`]);
  });

  it("takes LIKE wildcards literally and finds nothing for text nobody has", async () => {
    expect((await list(as.admin, { q: "%%%" })).total).toBe(0);
    expect((await list(as.admin, { q: "marie%d" })).total).toBe(0);
    expect((await list(as.admin, { q: "marie_d" })).total).toBe(2);
    expect(await list(as.admin, { q: "personne" })).toMatchObject({ orders: [], total: 0 });
  });

  it("asks for 3 characters of free text at least", async () => {
    const response = await as.admin("GET", `${URL}?q=${encodeURIComponent("@ma")}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "La recherche doit contenir au moins 3 caractères",
      fields: { q: "La recherche doit contenir au moins 3 caractères" },
    });
  });

  describe("pagination", () => {
    let crowded: LiveRow;
    /** 120 orders of one live sharing 3 dates (ties), newest first as the list must give them. */
    let expected: string[];

    beforeAll(async () => {
      crowded = await insertLive(t.db, { title: "Live très suivi", orderCounter: 120 });
      const dates = [minutesAgo(300), minutesAgo(200), minutesAgo(100)];
      const inserted = await t.db
        .insert(orders)
        .values(
          Array.from({ length: 120 }, (_, index) => ({
            orderNumber: `HF-${crowded.ref}-${index + 1}`,
            liveId: crowded.id,
            userId: viewer.id,
            status: "delivered" as const,
            orderDate: dates[index % 3] ?? new Date(),
          })),
        )
        .returning();
      expected = inserted
        .sort((a, b) => b.orderDate.getTime() - a.orderDate.getTime() || (a.id < b.id ? 1 : -1))
        .map((row) => row.orderNumber);
    });

    it("cuts the matching orders into pages that neither overlap nor skip, with the total on each", async () => {
      const pages = await Promise.all(
        [1, 2, 3].map((page) => list(as.admin, { liveId: crowded.id, page: String(page) })),
      );
      expect(pages.map((reply) => reply.orders.length)).toEqual([50, 50, 20]);
      expect(pages.map((reply) => reply.total)).toEqual([120, 120, 120]);
      expect(pages.flatMap(numbersOf)).toEqual(expected);
      const beyond = await list(as.admin, { liveId: crowded.id, page: "4" });
      expect(beyond).toEqual({ orders: [], total: 120, page: 4, pageSize: 50 });
    });

    it("takes a page size up to 100", async () => {
      const big = await list(as.admin, { liveId: crowded.id, pageSize: "100", page: "2" });
      expect(numbersOf(big)).toEqual(expected.slice(100));
      expect(big).toMatchObject({ total: 120, page: 2, pageSize: 100 });
      const small = await list(as.admin, { status: "delivered", pageSize: "7", page: "3" });
      expect(numbersOf(small)).toEqual(expected.slice(14, 21));
    });

    it.each([
      [{ pageSize: "101" }, "pageSize"],
      [{ pageSize: "0" }, "pageSize"],
      [{ page: "0" }, "page"],
      [{ page: "deux" }, "page"],
      [{ status: "lost" }, "status"],
      [{ liveId: "live-1" }, "liveId"],
      [{ userId: "42" }, "userId"],
      [{ q: "x".repeat(101) }, "q"],
    ])("refuses %j with a French 400 naming the parameter", async (query, field) => {
      const response = await as.admin("GET", `${URL}?${new URLSearchParams(query).toString()}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("VALIDATION_FAILED");
      expect(Object.keys(response.json().fields)).toEqual([field]);
      expect(response.json().message).toMatch(/^Le champ « \w+ »/);
    });
  });

  it("is for admins only", async () => {
    expect((await as.customer("GET", URL)).statusCode).toBe(403);
    expect((await as.anonymous("GET", URL)).statusCode).toBe(401);
  });
});

/** Each of the other describes shares one app: they never list every order. */
let t: TestApp;
let as: ReturnType<typeof catalogueCallers>;
beforeAll(async () => {
  t = await createTestApp();
  as = catalogueCallers(t);
});
afterAll(async () => t?.close());

const counterOf = async (liveId: string) =>
  (await t.db.select({ counter: lives.orderCounter }).from(lives).where(eq(lives.id, liveId)))[0]?.counter;

describe("a new order", () => {
  it("starts to-validate at 6 euros by Colissimo, numbered from the live's counter", async () => {
    const live = await insertLive(t.db, { title: "Live nouveautés", orderCounter: 5 });
    const customer = await insertCustomer(t.db, { firstName: "Inès", lastName: "Roy" });
    const response = await as.admin("POST", URL, { liveId: live.id, userId: customer.id });
    expect(response.statusCode).toBe(201);
    const { order } = response.json<{ order: AdminOrderRow }>();
    expect(order).toMatchObject({
      orderNumber: `HF-${live.ref}-6`,
      status: "to-validate",
      totalAmountCents: 600,
      live: { id: live.id, title: "Live nouveautés", ref: live.ref },
      client: { id: customer.id, firstName: "Inès", lastName: "Roy" },
    });
    const stored = await orderRowOf(t.db, order.id);
    expect(stored).toMatchObject({
      shippingType: "colissimo",
      liveId: live.id,
      userId: customer.id,
      totalAmountCents: 600,
      shippingAddress: null,
    });
    expect(Math.abs(stored.orderDate.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await counterOf(live.id)).toBe(6);
    const next = await as.admin("POST", URL, { liveId: live.id, userId: customer.id });
    expect(next.json().order.orderNumber).toBe(`HF-${live.ref}-7`);
  });

  it.each([
    [{}, { liveId: adminOrderListMessages.liveRequired, userId: adminOrderListMessages.userRequired }],
    [{ userId: "user" }, { liveId: adminOrderListMessages.liveRequired }],
    [{ liveId: "live" }, { userId: adminOrderListMessages.userRequired }],
    [
      { liveId: "", userId: null },
      { liveId: adminOrderListMessages.liveRequired, userId: adminOrderListMessages.userRequired },
    ],
  ])("asks for what is missing in %j with the spec's message, writing nothing", async (given, fields) => {
    const live = await insertLive(t.db);
    const customer = await insertCustomer(t.db);
    const values = { live: live.id, user: customer.id };
    const body = Object.fromEntries(
      Object.entries(given).map(([key, value]) => [
        key,
        value === "live" || value === "user" ? values[value] : value,
      ]),
    );
    const before = await t.db.$count(orders);
    const response = await as.admin("POST", URL, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: Object.values(fields)[0],
      fields,
    });
    expect(response.json().message).toMatch(/^La sélection d'un (live|utilisateur) est obligatoire$/);
    expect(await t.db.$count(orders)).toBe(before);
    expect(await counterOf(live.id)).toBe(0);
  });

  it("refuses a live or a user that does not exist, leaving the counter as it was", async () => {
    const live = await insertLive(t.db, { orderCounter: 2 });
    const customer = await insertCustomer(t.db);
    const before = await t.db.$count(orders);
    const noLive = await as.admin("POST", URL, { liveId: UNKNOWN, userId: customer.id });
    expect(noLive.statusCode).toBe(400);
    expect(noLive.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Live introuvable",
      fields: { liveId: "Live introuvable" },
    });
    const noUser = await as.admin("POST", URL, { liveId: live.id, userId: UNKNOWN });
    expect(noUser.statusCode).toBe(400);
    expect(noUser.json()).toEqual({
      code: "VALIDATION_FAILED",
      message: "Impossible de créer une commande sans utilisateur",
      fields: { userId: "Impossible de créer une commande sans utilisateur" },
    });
    expect(await counterOf(live.id)).toBe(2);
    expect(await t.db.$count(orders)).toBe(before);
  });

  it("runs inside the caller's transaction and rolls back with it", async () => {
    const live = await insertLive(t.db);
    const customer = await insertCustomer(t.db);
    const before = await t.db.$count(orders);
    await expect(
      t.db.transaction(async (tx) => {
        const created = await createOrder(tx, { liveId: live.id, userId: customer.id, comment: "ref 12" });
        expect(created.orderNumber).toBe(`HF-${live.ref}-1`);
        throw new Error("the caller's next step failed");
      }),
    ).rejects.toThrow("the caller's next step failed");
    expect(await t.db.$count(orders)).toBe(before);
    expect(await counterOf(live.id)).toBe(0);
  });

  it("gets a number of its own when many are created at once in the same live", async () => {
    const live = await insertLive(t.db);
    const other = await insertLive(t.db);
    const customers = await Promise.all(Array.from({ length: 4 }, () => insertCustomer(t.db)));
    const pool = connectDatabase(t.databaseUrl, 12);
    try {
      const viaService = Array.from({ length: 24 }, (_, index) =>
        createOrder(pool.db, { liveId: live.id, userId: customers[index % 4]?.id ?? "" }),
      );
      const viaApi = Array.from({ length: 6 }, (_, index) =>
        as.admin("POST", URL, { liveId: live.id, userId: customers[index % 4]?.id }).then((response) => {
          expect(response.statusCode).toBe(201);
          return response.json<{ order: AdminOrderRow }>().order;
        }),
      );
      const created = await Promise.all([
        ...viaService,
        ...viaApi,
        createOrder(pool.db, { liveId: other.id, userId: customers[0]?.id ?? "" }),
      ]);
      const numbers = created.map((order) => order.orderNumber);
      expect(new Set(numbers).size).toBe(31);
      expect(numbers.filter((number) => number.startsWith(`HF-${live.ref}-`)).sort()).toEqual(
        Array.from({ length: 30 }, (_, index) => `HF-${live.ref}-${index + 1}`).sort(),
      );
      expect(numbers).toContain(`HF-${other.ref}-1`);
    } finally {
      await pool.close();
    }
    expect(await counterOf(live.id)).toBe(30);
  });
});

describe("a bulk status change", () => {
  const bulk = (body: unknown) => as.admin("POST", `${URL}/bulk-status`, body);
  const statusesOf = async (ids: string[]) => {
    const rows = await t.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(inArray(orders.id, ids));
    return Object.fromEntries(rows.map((row) => [row.id, row.status]));
  };

  it("moves each order the status table allows, and names each one it skips with the reason", async () => {
    const validated = await insertOrder(t.db, { status: "to-validate", shippingAddress: deliveryAddress });
    const reopened = await insertOrder(t.db, {
      status: "cancelled-by-admin",
      shippingAddress: deliveryAddress,
    });
    const delivered = await insertOrder(t.db, { status: "delivered", shippingAddress: deliveryAddress });
    const noAddress = await insertOrder(t.db, { status: "to-validate" });
    const deliveredBefore = await orderRowOf(t.db, delivered.id);
    const ids = [validated.id, delivered.id, reopened.id, noAddress.id];
    const response = await bulk({ orderIds: ids, status: "to-pay" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [validated.id, reopened.id],
      failed: [
        {
          id: delivered.id,
          orderNumber: delivered.orderNumber,
          message: "Impossible : une commande « Livrée » ne peut pas passer à « À payer »",
        },
        {
          id: noAddress.id,
          orderNumber: noAddress.orderNumber,
          message: "Impossible : la commande n'a pas d'adresse de livraison",
        },
      ],
    });
    expect(await statusesOf(ids)).toEqual({
      [validated.id]: "to-pay",
      [reopened.id]: "to-pay",
      [delivered.id]: "delivered",
      [noAddress.id]: "to-validate",
    });
    expect(await orderRowOf(t.db, delivered.id)).toEqual(deliveredBefore);
    for (const order of [validated, reopened]) {
      expect((await orderRowOf(t.db, order.id)).updatedAt.getTime()).toBeGreaterThan(
        order.updatedAt.getTime(),
      );
    }
  });

  it("refuses 'Livrée' to an unpaid order without an address, saying it is not paid", async () => {
    const order = await insertOrder(t.db, { status: "to-pay" });
    const response = await bulk({ orderIds: [order.id], status: "delivered" });
    expect(response.json()).toEqual({
      updated: [],
      failed: [
        { id: order.id, orderNumber: order.orderNumber, message: "Impossible : la commande n'est pas payée" },
      ],
    });
    expect((await orderRowOf(t.db, order.id)).status).toBe("to-pay");
  });

  it("changes each order once when the same id comes twice", async () => {
    const order = await insertOrder(t.db, { shippingAddress: deliveryAddress });
    const response = await bulk({ orderIds: [order.id, order.id], status: "to-pay" });
    expect(response.json()).toEqual({ updated: [order.id], failed: [] });
  });

  it("reports an order that does not exist and changes the others", async () => {
    const [first, second] = await Promise.all([
      insertOrder(t.db, { status: "to-ship", shippingAddress: deliveryAddress, trackingId: "6A00000000001" }),
      insertOrder(t.db, { status: "to-ship", shippingAddress: deliveryAddress, trackingId: "6A00000000002" }),
    ]);
    if (!first || !second) throw new Error("orders not made");
    const response = await bulk({ orderIds: [first.id, UNKNOWN, second.id], status: "shipped" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [first.id, second.id],
      failed: [{ id: UNKNOWN, orderNumber: null, message: "Commande introuvable" }],
    });
    expect(await statusesOf([first.id, second.id])).toEqual({
      [first.id]: "shipped",
      [second.id]: "shipped",
    });
  });

  it("reports an order deleted while the change waited for it, and changes the others", async () => {
    const paid = { status: "paid", shippingAddress: deliveryAddress } as const;
    const [before, doomed, after] = await Promise.all([
      insertOrder(t.db, paid),
      insertOrder(t.db, paid),
      insertOrder(t.db, paid),
    ]);
    if (!before || !doomed || !after) throw new Error("orders not made");
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query("BEGIN");
      await other.query("SELECT id FROM orders WHERE id = $1 FOR UPDATE", [doomed.id]);
      const pending = bulk({ orderIds: [before.id, doomed.id, after.id], status: "preparing" });
      // Until the change is queued behind our row lock (or it answered without waiting: a failure).
      let answered = false;
      void pending.then(() => (answered = true));
      for (;;) {
        const { rows } = await other.query<{ waiting: number }>(
          "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))",
        );
        if (rows[0]?.waiting) break;
        if (answered)
          throw new Error(`the bulk change never waited for the locked order: ${(await pending).body}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await other.query("DELETE FROM orders WHERE id = $1", [doomed.id]);
      await other.query("COMMIT");
      const response = await pending;
      expect(response.json()).toEqual({
        updated: [before.id, after.id],
        failed: [{ id: doomed.id, orderNumber: doomed.orderNumber, message: "Commande introuvable" }],
      });
    } finally {
      await other.end();
    }
    expect(await statusesOf([before.id, after.id])).toEqual({
      [before.id]: "preparing",
      [after.id]: "preparing",
    });
  });

  it("leaves a cancelled order cancelled when one of its pieces was sold again, and changes the others", async () => {
    const live = await insertLive(t.db);
    const piece = await insertProduct(t.db, { liveId: live.id });
    const cancelled = await insertOrder(t.db, { products: [piece], status: "cancelled-by-customer" });
    await insertOrder(t.db, { products: [piece], status: "paid" });
    const fine = await insertOrder(t.db, { status: "cancelled-by-admin" });
    const cancelledBefore = await orderRowOf(t.db, cancelled.id);
    const response = await bulk({ orderIds: [cancelled.id, fine.id], status: "to-validate" });
    expect(response.json()).toEqual({
      updated: [fine.id],
      failed: [
        { id: cancelled.id, orderNumber: cancelled.orderNumber, message: adminOrderListMessages.itemResold },
      ],
    });
    expect(await orderRowOf(t.db, cancelled.id)).toEqual(cancelledBefore);
    expect(await statusesOf([fine.id])).toEqual({ [fine.id]: "to-validate" });
  });

  it("reports every order when none could be changed", async () => {
    const ids = [randomUUID(), randomUUID()];
    const response = await bulk({ orderIds: ids, status: "paid" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      updated: [],
      failed: ids.map((id) => ({ id, orderNumber: null, message: "Commande introuvable" })),
    });
  });

  const many = Array.from({ length: 1001 }, () => UNKNOWN);
  it.each([
    [(id: string) => ({ orderIds: [id] }), { status: "Veuillez sélectionner un statut" }],
    [(id: string) => ({ orderIds: [id], status: "" }), { status: "Veuillez sélectionner un statut" }],
    [
      (id: string) => ({ orderIds: [id], status: "lost" }),
      { status: expect.stringMatching(/^Le champ « status » doit valoir « to-validate »/) },
    ],
    [() => ({ status: "paid" }), { orderIds: adminOrderListMessages.selectionRequired }],
    [() => ({ orderIds: [], status: "paid" }), { orderIds: adminOrderListMessages.selectionRequired }],
    [
      (id: string) => ({ orderIds: [id, "HF-1"], status: "paid" }),
      { orderIds: "Le champ « orderIds.1 » doit être un identifiant (UUID) valide." },
    ],
    [
      (id: string) => ({ orderIds: [id, ...many], status: "paid" }),
      { orderIds: "Au plus 1000 commandes peuvent être modifiées à la fois" },
    ],
    [
      () => ({}),
      { orderIds: adminOrderListMessages.selectionRequired, status: "Veuillez sélectionner un statut" },
    ],
  ])(
    "refuses a body missing or breaking a rule (%#) with a French 400, changing nothing",
    async (body, fields) => {
      const order = await insertOrder(t.db, { status: "to-validate" });
      const before = await orderRowOf(t.db, order.id);
      const response = await bulk(body(order.id));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message: expect.any(String), fields });
      expect(Object.values(fields)).toContainEqual(response.json().message);
      expect(await orderRowOf(t.db, order.id)).toEqual(before);
    },
  );

  it("changes hundreds of orders in one request", async () => {
    const live = await insertLive(t.db);
    const customer = await insertCustomer(t.db);
    const made = await t.db
      .insert(orders)
      .values(
        Array.from({ length: 300 }, (_, index) => ({
          orderNumber: `HF-${live.ref}-${index + 1}`,
          liveId: live.id,
          userId: customer.id,
          shippingAddress: deliveryAddress,
        })),
      )
      .returning({ id: orders.id });
    const ids = made.map((row) => row.id);
    const response = await bulk({ orderIds: ids, status: "to-pay" });
    expect(response.json().updated).toHaveLength(300);
    expect(
      await t.db.$count(orders, sql`${orders.liveId} = ${live.id} AND ${orders.status} = 'to-pay'`),
    ).toBe(300);
  });
});

describe("the people to choose for an order", () => {
  const choices = async (query: Record<string, string>) => {
    const response = await as.admin("GET", `${URL}/user-choices?${new URLSearchParams(query).toString()}`);
    expect(response.statusCode).toBe(200);
    return response.json<{ users: { id: string; lastName: string | null }[] }>().users;
  };

  it("finds customers by e-mail, handle, first or last name, by last name, at most 10, never admins", async () => {
    const token = randomUUID().slice(0, 8);
    const zed = await insertCustomer(t.db, {
      firstName: "Anna",
      lastName: "Zola",
      email: `anna.${token}@example.com`,
    });
    const bay = await insertCustomer(t.db, {
      firstName: "Chloé",
      lastName: "Bayard",
      tiktokUsername: `chloe_${token}`,
    });
    const named = await insertCustomer(t.db, { firstName: `Prénom${token}`, lastName: "Petit" });
    const family = await insertCustomer(t.db, { firstName: "Jean", lastName: `Nom${token}` });
    await insertCustomer(t.db, { email: `admin.${token}@example.com`, isAdmin: true });
    expect((await choices({ q: token.toUpperCase() })).map((user) => user.id)).toEqual([
      bay.id,
      family.id,
      named.id,
      zed.id,
    ]);
    expect((await choices({ q: `@chloe_${token}` })).map((user) => user.id)).toEqual([bay.id]);
    await Promise.all(Array.from({ length: 12 }, () => insertCustomer(t.db, { lastName: `Série${token}` })));
    expect(await choices({ q: `série${token}` })).toHaveLength(10);
  });

  it("gives back the one already chosen by its id, and nobody for no text", async () => {
    const customer = await insertCustomer(t.db);
    expect((await choices({ userId: customer.id })).map((user) => user.id)).toEqual([customer.id]);
    expect(await choices({ q: "  " })).toEqual([]);
    expect(await choices({})).toEqual([]);
  });
});
