import {
  customerOrderMessages,
  SHIPPING_COUNTRY,
  storableTextMessages,
  type OrderStatus,
  type ShippingAddress,
} from "@vitrine/domain";
import type { LightMyRequestResponse } from "fastify";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInByLink } from "./support/actors";
import { apiKitOf, type ApiKit, type Role } from "./support/api-kit";
import {
  insertColor,
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type OrderOverrides,
} from "./support/factories";
import { backendPid, waitUntilBlockedBy } from "./support/pg-waits";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
let customerId: string;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
  customerId = (await kit.actor("customer")).userId;
});
afterAll(async () => t.close());

const URL = "/api/customer/orders";
const NOT_FOUND = { code: "NOT_FOUND", message: "Commande introuvable" };

type Method = "GET" | "PUT" | "POST";
const call = (role: Role, method: Method, url: string, payload?: unknown) =>
  kit.injectAs(role, {
    method,
    url,
    ...(payload === undefined
      ? {}
      : { payload: JSON.stringify(payload), headers: { "content-type": "application/json" } }),
  });
const submitAddress = (role: Role, id: string, payload: unknown) =>
  call(role, "PUT", `${URL}/${id}/address`, payload);
const reopen = (role: Role, id: string) => call(role, "POST", `${URL}/${id}/reopen`);

const address = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};
const savedAddress: ShippingAddress = { ...address, state: "", country: SHIPPING_COUNTRY };

/** An order of the kit's customer (unless `userId` says otherwise), one product with a colour. */
const orderOf = (status: OrderStatus, overrides: OrderOverrides = {}) =>
  insertOrder(t.db, { userId: customerId, status, ...overrides });

const rowOf = (id: string) => orderRowOf(t.db, id);

const statusesOf = (responses: LightMyRequestResponse[]) => responses.map((response) => response.statusCode);

describe("the customer's orders list", () => {
  it("shows only the viewer's orders, newest first, with their items and colours, hiding those staff cancelled", async () => {
    const me = await insertCustomer(t.db);
    const cookie = await signInByLink(t, me.email ?? "");
    const live = await insertLive(t.db);
    const red = await insertColor(t.db, { name: "Rouge coquelicot", hexCode: "#DC2626" });
    const dress = await insertProduct(t.db, {
      liveId: live.id,
      name: "Robe fleurie",
      priceCents: 2500,
      colorId: red.id,
    });
    const scarf = await insertProduct(t.db, {
      liveId: live.id,
      name: "Foulard",
      priceCents: 900,
      colorId: null,
    });
    const march = await insertOrder(t.db, {
      userId: me.id,
      products: [dress, scarf],
      orderDate: new Date("2025-03-01T10:00:00Z"),
    });
    const april = await insertOrder(t.db, {
      userId: me.id,
      status: "shipped",
      trackingId: "6A12345678901",
      orderDate: new Date("2025-04-01T10:00:00Z"),
    });
    const february = await insertOrder(t.db, {
      userId: me.id,
      status: "cancelled-by-customer",
      orderDate: new Date("2025-02-01T10:00:00Z"),
    });
    await insertOrder(t.db, {
      userId: me.id,
      status: "cancelled-by-admin",
      orderDate: new Date("2025-05-01T10:00:00Z"),
    });
    await orderOf("to-validate", { orderDate: new Date("2025-04-15T10:00:00Z") });

    const response = await t.app.inject({ method: "GET", url: URL, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    const list: { id: string }[] = response.json().orders;
    expect(list.map((order) => order.id)).toEqual([april.id, march.id, february.id]);
    expect(list[0]).toMatchObject({ status: "shipped", trackingId: "6A12345678901" });
    expect(list[1]).toEqual({
      id: march.id,
      orderNumber: march.orderNumber,
      orderDate: "2025-03-01T10:00:00.000Z",
      status: "to-validate",
      totalAmountCents: 2500 + 900 + 600,
      trackingId: null,
      paymentUnderReview: false,
      parcel: null,
      refund: null,
      items: [
        {
          id: march.items.find((item) => item.productId === dress.id)?.id,
          productId: dress.id,
          ref: String(dress.ref),
          name: "Robe fleurie",
          quantity: 1,
          priceCents: 2500,
          color: { name: "Rouge coquelicot", hexCode: "#DC2626" },
        },
        {
          id: march.items.find((item) => item.productId === scarf.id)?.id,
          productId: scarf.id,
          ref: String(scarf.ref),
          name: "Foulard",
          quantity: 1,
          priceCents: 900,
          color: null,
        },
      ],
    });
  });

  it("is empty for a customer who has bought nothing yet", async () => {
    const me = await insertCustomer(t.db);
    const cookie = await signInByLink(t, me.email ?? "");
    const response = await t.app.inject({ method: "GET", url: URL, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ orders: [] });
  });
});

describe("one order of the customer", () => {
  it("gives the order with its subtotal, shipping, address and payment", async () => {
    const blue = await insertColor(t.db, { name: "Bleu nuit", hexCode: "#1E3A8A" });
    const product = await insertProduct(t.db, { name: "Pull en maille", priceCents: 3450, colorId: blue.id });
    const order = await orderOf("to-pay", { products: [product], shippingAddress: savedAddress });
    const response = await call("customer", "GET", `${URL}/${order.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        orderDate: order.orderDate.toISOString(),
        status: "to-pay",
        totalAmountCents: 4050,
        trackingId: null,
        paymentUnderReview: false,
        parcel: null,
        refund: null,
        items: [
          {
            id: order.items[0]?.id,
            productId: product.id,
            ref: String(product.ref),
            name: "Pull en maille",
            quantity: 1,
            priceCents: 3450,
            color: { name: "Bleu nuit", hexCode: "#1E3A8A" },
          },
        ],
        subtotalCents: 3450,
        shippingCents: 600,
        shippingAddress: savedAddress,
        shippingType: "colissimo",
        paymentMethod: "card",
        paymentStatus: null,
        paymentDate: null,
        changesNeedHandleProof: false,
      },
    });
  });

  it("shows an address saved by an older version of the shop in today's shape", async () => {
    const legacy = {
      first_name: address.first_name,
      last_name: address.last_name,
      address: address.street,
      postal_code: address.zip,
      city: address.city,
      email: address.email,
      phone_number: address.phone,
    };
    const order = await orderOf("to-pay", { shippingAddress: legacy as unknown as ShippingAddress });
    const response = await call("customer", "GET", `${URL}/${order.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().order.shippingAddress).toMatchObject({
      first_name: address.first_name,
      last_name: address.last_name,
      street: address.street,
      zip: address.zip,
      city: address.city,
      email: address.email,
      phone: address.phone,
      country: SHIPPING_COUNTRY,
    });
  });

  it("answers another customer's, an unknown and a staff-cancelled order alike: 404, nothing revealed", async () => {
    const others = await orderOf("to-validate", { userId: (await kit.actor("otherCustomer")).userId });
    const cancelled = await orderOf("cancelled-by-admin");
    const answers = await Promise.all(
      [others.id, randomUUID(), cancelled.id].map((id) => call("customer", "GET", `${URL}/${id}`)),
    );
    expect(statusesOf(answers)).toEqual([404, 404, 404]);
    for (const answer of answers) {
      expect(answer.json()).toEqual(NOT_FOUND);
      expect(answer.body).toBe(answers[0]?.body);
    }
    expect((await call("customer", "GET", `${URL}/42`)).statusCode).toBe(400);
  });
});

describe("the customer's transitions", () => {
  it("saves a valid address and moves to-validate to to-pay, in the reply and in the row", async () => {
    const order = await orderOf("to-validate");
    const response = await submitAddress("customer", order.id, {
      ...address,
      city: "  Lyon ",
      delivery_note: "Code 1234",
    });
    expect(response.statusCode).toBe(200);
    const expectedAddress = { ...savedAddress, delivery_note: "Code 1234" };
    expect(response.json().order).toMatchObject({
      id: order.id,
      status: "to-pay",
      shippingAddress: expectedAddress,
    });
    const row = await rowOf(order.id);
    expect(row).toMatchObject({ status: "to-pay", shippingAddress: expectedAddress });
    expect(row.updatedAt.getTime()).toBeGreaterThan(order.updatedAt.getTime());
  });

  it("reopens to-pay to to-validate, keeping the address for the form", async () => {
    const order = await orderOf("to-pay", { shippingAddress: savedAddress });
    const response = await reopen("customer", order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order).toMatchObject({ status: "to-validate", shippingAddress: savedAddress });
    expect(await rowOf(order.id)).toMatchObject({ status: "to-validate", shippingAddress: savedAddress });
  });

  it("reopens to-validate as to-validate", async () => {
    const order = await orderOf("to-validate");
    const response = await reopen("customer", order.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order.status).toBe("to-validate");
  });

  it("goes round: validate, 'Modifier', validate again with another address", async () => {
    const order = await orderOf("to-validate");
    expect((await submitAddress("customer", order.id, address)).statusCode).toBe(200);
    expect((await reopen("customer", order.id)).statusCode).toBe(200);
    const again = await submitAddress("customer", order.id, { ...address, street: "3 place Bellecour" });
    expect(again.statusCode).toBe(200);
    expect(await rowOf(order.id)).toMatchObject({
      status: "to-pay",
      shippingAddress: { ...savedAddress, street: "3 place Bellecour" },
    });
  });

  it.each([
    ["U+0000", String.fromCharCode(0)],
    ["a lone surrogate", "\uD800"],
  ])("refuses a delivery address holding %s with a French 400 and changes nothing", async (_name, text) => {
    const order = await orderOf("to-validate");
    const before = await rowOf(order.id);
    for (const [field, label] of [
      ["city", "La ville"],
      ["street", "L'adresse"],
      ["delivery_note", "La note de livraison"],
    ] as const) {
      const response = await submitAddress("customer", order.id, { ...address, [field]: `Lyon${text}` });
      expect(response.statusCode).toBe(400);
      const message = storableTextMessages.field(label);
      expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message, fields: { [field]: message } });
    }
    expect(await rowOf(order.id)).toEqual(before);
  });

  it.each<OrderStatus>([
    "to-pay",
    "paid",
    "preparing",
    "to-ship",
    "shipped",
    "delivered",
    "cancelled-by-customer",
  ])("refuses an address on a %s order and changes nothing", async (status) => {
    const order = await orderOf(status, { shippingAddress: savedAddress });
    const before = await rowOf(order.id);
    const response = await submitAddress("customer", order.id, { ...address, street: "1 rue Neuve" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: "CONFLICT", message: customerOrderMessages.addressLocked });
    expect(await rowOf(order.id)).toEqual(before);
  });

  it.each<OrderStatus>(["paid", "preparing", "to-ship", "shipped", "delivered", "cancelled-by-customer"])(
    "refuses to reopen a %s order and changes nothing",
    async (status) => {
      const order = await orderOf(status, { shippingAddress: savedAddress });
      const before = await rowOf(order.id);
      const response = await reopen("customer", order.id);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ code: "CONFLICT", message: customerOrderMessages.reopenRefused });
      expect(await rowOf(order.id)).toEqual(before);
    },
  );

  it("treats a staff-cancelled order as unknown on every route, changing nothing", async () => {
    const order = await orderOf("cancelled-by-admin");
    const before = await rowOf(order.id);
    const answers = [await submitAddress("customer", order.id, address), await reopen("customer", order.id)];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual(NOT_FOUND);
    }
    expect(await rowOf(order.id)).toEqual(before);
  });

  it.each<Role>(["otherCustomer", "admin"])(
    "answers %s on every route of another's order with the unknown order's 404, changing nothing",
    async (role) => {
      const order = await orderOf("to-validate");
      const payable = await orderOf("to-pay", { shippingAddress: savedAddress });
      const before = [await rowOf(order.id), await rowOf(payable.id)];
      const answers = [
        await call(role, "GET", `${URL}/${order.id}`),
        await submitAddress(role, order.id, address),
        await reopen(role, order.id),
        await reopen(role, payable.id),
        await call(role, "GET", `${URL}/${randomUUID()}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toBe(answers.at(-1)?.body);
      }
      expect([await rowOf(order.id), await rowOf(payable.id)]).toEqual(before);
      const list: { id: string }[] = (await call(role, "GET", URL)).json().orders;
      expect(list.map((listed) => listed.id)).not.toContain(order.id);
    },
  );
});

describe("the delivery address form", () => {
  const required = {
    first_name: "Le prénom est obligatoire",
    last_name: "Le nom est obligatoire",
    street: "L'adresse est obligatoire",
    zip: "Le code postal est obligatoire",
    city: "La ville est obligatoire",
    email: "L'email est obligatoire",
    phone: "Le téléphone est obligatoire",
  };

  it.each(Object.entries(required))(
    "asks for %s with the spec's message, writing nothing",
    async (field, message) => {
      const order = await orderOf("to-validate");
      const before = await rowOf(order.id);
      for (const value of [undefined, "", "   "]) {
        const response = await submitAddress("customer", order.id, { ...address, [field]: value });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message, fields: { [field]: message } });
      }
      expect(await rowOf(order.id)).toEqual(before);
    },
  );

  it("names every missing field at once", async () => {
    const order = await orderOf("to-validate");
    const response = await submitAddress("customer", order.id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(required);
  });

  it.each([
    ["zip", "6900", "Le code postal doit contenir 5 chiffres"],
    ["email", "julie.martin", "L'email n'est pas valide"],
    ["phone", "12", "Le téléphone n'est pas valide"],
  ])("refuses a %s of %j with a French message, writing nothing", async (field, value, message) => {
    const order = await orderOf("to-validate");
    const before = await rowOf(order.id);
    const response = await submitAddress("customer", order.id, { ...address, [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ [field]: message });
    expect(await rowOf(order.id)).toEqual(before);
  });

  it("delivers in France only", async () => {
    const order = await orderOf("to-validate");
    const response = await submitAddress("customer", order.id, { ...address, country: "Belgique" });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(["country"]);
    expect((await rowOf(order.id)).status).toBe("to-validate");
  });
});

describe("concurrent changes", () => {
  it("lets exactly one of simultaneous address submissions through", async () => {
    const order = await orderOf("to-validate");
    const streets = ["1 rue A", "2 rue B", "3 rue C", "4 rue D", "5 rue E", "6 rue F"];
    const answers = await Promise.all(
      streets.map((street) => submitAddress("customer", order.id, { ...address, street })),
    );
    expect(statusesOf(answers).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const winner = answers.find((answer) => answer.statusCode === 200)?.json().order;
    expect(await rowOf(order.id)).toMatchObject({
      status: "to-pay",
      shippingAddress: winner.shippingAddress,
    });
  });

  it("keeps addresses and 'Modifier' in a serial order when they cross", async () => {
    const order = await orderOf("to-validate");
    const submissions = ["1 rue A", "2 rue B", "3 rue C"].map((street) =>
      submitAddress("customer", order.id, { ...address, street }),
    );
    const reopenings = [1, 2, 3].map(() => reopen("customer", order.id));
    const saved = await Promise.all(submissions);
    const reopened = await Promise.all(reopenings);
    expect(statusesOf(reopened)).toEqual([200, 200, 200]);
    for (const answer of saved) expect([200, 409]).toContain(answer.statusCode);
    const savedStreets = saved
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => answer.json().order.shippingAddress.street);
    // Each address accepted after the first needs a 'Modifier' between them.
    expect(savedStreets.length).toBeGreaterThanOrEqual(1);
    expect(savedStreets.length).toBeLessThanOrEqual(reopened.length + 1);
    const row = await rowOf(order.id);
    expect(["to-validate", "to-pay"]).toContain(row.status);
    expect(savedStreets).toContain(row.shippingAddress?.street);
  });

  it("never overwrites a payment committed while the address was waiting", async () => {
    const order = await orderOf("to-validate");
    const payment = await t.db.$client.connect();
    await payment.query("BEGIN");
    await payment.query("UPDATE orders SET status = 'paid', payment_status = 'PAID' WHERE id = $1", [
      order.id,
    ]);
    let committed = false;
    const submission = submitAddress("customer", order.id, address).then((response) => ({
      response,
      answeredAfterCommit: committed,
    }));
    // The address's write is waiting for the payment's row lock before the payment commits.
    await waitUntilBlockedBy(t.db.$client, await backendPid(payment));
    await payment.query("COMMIT");
    committed = true;
    payment.release();
    const { response, answeredAfterCommit } = await submission;
    expect(answeredAfterCommit).toBe(true);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(customerOrderMessages.addressLocked);
    expect(await rowOf(order.id)).toMatchObject({
      status: "paid",
      paymentStatus: "PAID",
      shippingAddress: null,
    });
  });
});

describe("signed out", () => {
  it("asks to sign in on every route", async () => {
    const order = await orderOf("to-validate");
    const answers = [
      await call("anonymous", "GET", URL),
      await call("anonymous", "GET", `${URL}/${order.id}`),
      await submitAddress("anonymous", order.id, address),
      await reopen("anonymous", order.id),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe("UNAUTHENTICATED");
    }
    expect((await rowOf(order.id)).status).toBe("to-validate");
  });
});
