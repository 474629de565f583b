import { ORDER_STATUSES, type OrderStatus } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderItems, orders, products } from "../src/db/schema";
import { setOrderStatus } from "../src/modules/orders";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import {
  deliveryAddress,
  insertColor,
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type OrderWithItems,
  type ProductRow,
} from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: { admin: Caller; customer: Caller; anonymous: Caller };
beforeAll(async () => {
  t = await createTestApp();
  as = await catalogueCallers(t);
});
afterAll(async () => t.close());

const orderUrl = (id: string) => `/api/admin/orders/${id}`;
const NOT_FOUND = { code: "NOT_FOUND", message: "Commande introuvable" };
/** Ids that name no order: unknown, and texts that are no id at all. */
const NO_SUCH_ORDER = [
  randomUUID(),
  "abc",
  "123",
  `${randomUUID()}x`,
  "00000000-0000-0000-0000-00000000000g",
];

const address = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};
const savedAddress = { ...address, state: "", country: "France" as const };

/** Every line of an order, oldest first, and the order's total: what a refused change must not touch. */
async function orderState(orderId: string) {
  const row = await orderRowOf(t.db, orderId);
  const lines = await t.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.createdAt);
  return { row, lines };
}

/** An order of a new live holding one product, with a second product of that live left for sale. */
async function orderWithSpareProduct(): Promise<{ order: OrderWithItems; spare: ProductRow }> {
  const live = await insertLive(t.db);
  const sold = await insertProduct(t.db, { liveId: live.id, priceCents: 4000 });
  const spare = await insertProduct(t.db, { liveId: live.id, priceCents: 2550 });
  const order = await insertOrder(t.db, { products: [sold] });
  return { order, spare };
}

/** Writes an address as an older version of the shop stored it, bypassing today's type. */
async function storeRawAddress(orderId: string, stored: unknown) {
  await t.db.execute(
    sql`UPDATE ${orders} SET shipping_address = ${JSON.stringify(stored)}::jsonb WHERE id = ${orderId}`,
  );
}

describe("reading an order", () => {
  it("answers its number, total, status, date, live, client, shipping, label and lines", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Julie", lastName: "Martin" });
    const live = await insertLive(t.db, { title: "Live du jeudi" });
    const color = await insertColor(t.db, { name: `Rouge ${randomUUID()}`, hexCode: "#DC2626" });
    const red = await insertProduct(t.db, {
      liveId: live.id,
      name: "Robe",
      priceCents: 4000,
      colorId: color.id,
    });
    const plain = await insertProduct(t.db, {
      liveId: live.id,
      name: "Jean",
      priceCents: 3000,
      colorId: null,
    });
    const order = await insertOrder(t.db, {
      products: [red, plain],
      userId: customer.id,
      status: "paid",
      shippingAddress: savedAddress,
      shippingLabelPath: "labels/abc.pdf",
      trackingId: "6A12345678901",
    });

    const response = await as.admin("GET", orderUrl(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      order: {
        id: order.id,
        orderNumber: order.orderNumber,
        totalAmountCents: 7600,
        shippingFeeCents: 600,
        status: "paid",
        orderDate: order.orderDate.toISOString(),
        live: { id: live.id, title: "Live du jeudi", ref: live.ref },
        client: {
          id: customer.id,
          firstName: "Julie",
          lastName: "Martin",
          email: customer.email,
          tiktokUsername: customer.tiktokUsername,
          handleVerified: false,
        },
        shippingType: "colissimo",
        shippingAddress: savedAddress,
        hasShippingLabel: true,
        trackingId: "6A12345678901",
        items: [
          {
            id: order.items[0]?.id,
            productId: red.id,
            name: "Robe",
            ref: red.ref,
            quantity: 1,
            priceCents: 4000,
            color: { name: color.name, hexCode: "#DC2626" },
          },
          {
            id: order.items[1]?.id,
            productId: plain.id,
            name: "Jean",
            ref: plain.ref,
            quantity: 1,
            priceCents: 3000,
            color: null,
          },
        ],
      },
    });
  });

  it("shows the delivery fee the order was made with, not today's", async () => {
    const product = await insertProduct(t.db, { priceCents: 2500 });
    const order = await insertOrder(t.db, { liveId: product.liveId, products: [product] });
    await t.db.update(orders).set({ shippingFeeCents: 450 }).where(eq(orders.id, order.id));

    const response = await as.admin("GET", orderUrl(order.id));
    expect(response.json().order).toMatchObject({ shippingFeeCents: 450, totalAmountCents: 2950 });
  });

  it("says when there is no address, label or tracking number yet", async () => {
    const order = await insertOrder(t.db);
    const { order: read } = (await as.admin("GET", orderUrl(order.id))).json();
    expect(read).toMatchObject({ shippingAddress: null, hasShippingLabel: false, trackingId: null });
  });

  it.each([
    [
      "older names (address, postal_code, name, phone_number)",
      {
        name: "Julie Martin",
        address: "12 rue des Lilas",
        postal_code: "69001",
        city: "Lyon",
        email: "julie.martin@example.com",
        phone_number: "06 12 34 56 78",
      },
      savedAddress,
    ],
    [
      "camelCase keys and a numeric postcode",
      {
        firstName: "Julie",
        lastName: "Martin",
        street: "12 rue des Lilas",
        postalCode: 1000,
        city: "Bourg-en-Bresse",
        email: "julie.martin@example.com",
        phone: "06 12 34 56 78",
        deliveryNote: "Code 1234",
      },
      { ...savedAddress, zip: "01000", city: "Bourg-en-Bresse", delivery_note: "Code 1234" },
    ],
    [
      "a partial address, its missing fields empty",
      { address: "12 rue des Lilas", zip: "69001" },
      {
        first_name: "",
        last_name: "",
        street: "12 rue des Lilas",
        zip: "69001",
        city: "",
        state: "",
        country: "France",
        email: "",
        phone: "",
      },
    ],
    ["an address encoded twice", JSON.stringify(savedAddress), savedAddress],
    ["an empty object", {}, null],
    ["a bare text", "12 rue des Lilas, Lyon", null],
  ])("converts a legacy address: %s", async (_shape, stored, expected) => {
    const order = await insertOrder(t.db);
    await storeRawAddress(order.id, stored);
    const response = await as.admin("GET", orderUrl(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.json().order.shippingAddress).toEqual(expected);
  });

  it("answers 'Commande introuvable' for an unknown id and for a text that is no id", async () => {
    for (const id of NO_SUCH_ORDER) {
      const response = await as.admin("GET", orderUrl(id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it("is for admins only", async () => {
    const order = await insertOrder(t.db);
    expect((await as.customer("GET", orderUrl(order.id))).statusCode).toBe(403);
    expect((await as.anonymous("GET", orderUrl(order.id))).statusCode).toBe(401);
  });
});

describe("changing the status", () => {
  it("walks an order along the status table's moves, forth and back", async () => {
    const order = await insertOrder(t.db, {
      shippingAddress: deliveryAddress,
      shippingLabelPath: "labels/walk/6A00000000009.pdf",
      trackingId: "6A00000000009",
    });
    const sequence: OrderStatus[] = [
      "to-pay",
      "paid",
      "preparing",
      "to-ship",
      "shipped",
      "delivered",
      "shipped",
      "to-ship",
      "preparing",
      "paid",
      "cancelled-by-admin",
      "to-validate",
      "cancelled-by-customer",
      "to-pay",
    ];
    for (const status of sequence) {
      const response = await as.admin("PUT", `${orderUrl(order.id)}/status`, { status });
      expect(response.statusCode, status).toBe(200);
      expect(response.json().order.status).toBe(status);
      expect((await orderRowOf(t.db, order.id)).status).toBe(status);
    }
  });

  it("refuses a move the table does not allow with its French reason, changing nothing", async () => {
    const order = await insertOrder(t.db, { status: "to-pay" });
    const before = await orderState(order.id);
    const response = await as.admin("PUT", `${orderUrl(order.id)}/status`, { status: "delivered" });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: "Impossible : la commande n'est pas payée",
    });
    expect(await orderState(order.id)).toEqual(before);
  });

  it.each([[{}], [{ status: "" }], [{ status: "archived" }], [{ status: 3 }]])(
    "asks for a status of the list (%j), changing nothing",
    async (body) => {
      const order = await insertOrder(t.db);
      const before = await orderState(order.id);
      const response = await as.admin("PUT", `${orderUrl(order.id)}/status`, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: "VALIDATION_FAILED",
        message: "Veuillez sélectionner un statut",
        fields: { status: "Veuillez sélectionner un statut" },
      });
      expect(await orderState(order.id)).toEqual(before);
    },
  );

  it("answers 'Commande introuvable' for an order that does not exist", async () => {
    for (const id of NO_SUCH_ORDER) {
      const response = await as.admin("PUT", `${orderUrl(id)}/status`, { status: "paid" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });

  it("gives a cancelled order's pieces back, and refuses to restore it once one was sold again", async () => {
    const { order } = await orderWithSpareProduct();
    const [line] = order.items;
    if (!line) throw new Error("the order has a line");
    const cancel = await as.admin("PUT", `${orderUrl(order.id)}/status`, { status: "cancelled-by-admin" });
    expect(cancel.statusCode).toBe(200);
    const other = await insertOrder(t.db, { liveId: order.liveId, products: [] });
    const resold = await as.admin("POST", `${orderUrl(other.id)}/items`, { productId: line.productId });
    expect(resold.statusCode).toBe(201);

    const before = await orderState(order.id);
    const restore = await as.admin("PUT", `${orderUrl(order.id)}/status`, { status: "to-validate" });
    expect(restore.statusCode).toBe(409);
    expect(restore.json()).toEqual({
      code: "CONFLICT",
      message:
        "Impossible de rétablir cette commande : un de ses produits a été vendu depuis dans une autre commande.",
    });
    expect(await orderState(order.id)).toEqual(before);
    expect(before.row.status).toBe("cancelled-by-admin");
  });

  it("is one operation the bulk change can share, refusing an unknown order", async () => {
    const order = await insertOrder(t.db);
    await setOrderStatus(t.db, order.id, "shipped");
    expect((await orderRowOf(t.db, order.id)).status).toBe("shipped");
    await expect(setOrderStatus(t.db, randomUUID(), "paid")).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Commande introuvable",
    });
    await expect(setOrderStatus(t.db, "abc", "paid")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("editing the address", () => {
  it("saves it in the current shape, country France, without touching the status", async () => {
    const order = await insertOrder(t.db, { status: "paid" });
    await storeRawAddress(order.id, { name: "Ancienne Adresse", address: "1 rue Vieille" });
    const response = await as.admin("PUT", `${orderUrl(order.id)}/address`, {
      ...address,
      city: "  Lyon ",
      delivery_note: "Code 1234",
    });
    expect(response.statusCode).toBe(200);
    const expected = { ...savedAddress, delivery_note: "Code 1234" };
    expect(response.json().order).toMatchObject({ status: "paid", shippingAddress: expected });
    const row = await orderRowOf(t.db, order.id);
    expect(row.shippingAddress).toEqual(expected);
    expect(row.status).toBe("paid");
  });

  const required = [
    ["first_name", "Le prénom est obligatoire"],
    ["last_name", "Le nom est obligatoire"],
    ["street", "L'adresse est obligatoire"],
    ["zip", "Le code postal est obligatoire"],
    ["city", "La ville est obligatoire"],
    ["email", "L'email est obligatoire"],
    ["phone", "Le téléphone est obligatoire"],
  ] as const;

  it.each(required)("requires %s ('%s'), missing or blank, changing nothing", async (field, message) => {
    const order = await insertOrder(t.db, { shippingAddress: savedAddress });
    const before = await orderState(order.id);
    for (const value of [undefined, "", "   "]) {
      const response = await as.admin("PUT", `${orderUrl(order.id)}/address`, { ...address, [field]: value });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message, fields: { [field]: message } });
    }
    expect(await orderState(order.id)).toEqual(before);
  });

  it("names every missing field at once", async () => {
    const order = await insertOrder(t.db);
    const response = await as.admin("PUT", `${orderUrl(order.id)}/address`, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual(Object.fromEntries(required));
    expect((await orderRowOf(t.db, order.id)).shippingAddress).toBeNull();
  });

  it("keeps the country to France and refuses an unusable postcode, e-mail or phone", async () => {
    const order = await insertOrder(t.db);
    const cases = [
      [{ country: "Belgique" }, "country"],
      [{ zip: "690" }, "zip"],
      [{ email: "julie" }, "email"],
      [{ phone: "12" }, "phone"],
    ] as const;
    for (const [change, field] of cases) {
      const response = await as.admin("PUT", `${orderUrl(order.id)}/address`, { ...address, ...change });
      expect(response.statusCode).toBe(400);
      expect(Object.keys(response.json().fields)).toEqual([field]);
    }
    expect((await orderRowOf(t.db, order.id)).shippingAddress).toBeNull();
  });

  it("answers 'Commande introuvable' for an order that does not exist", async () => {
    for (const id of NO_SUCH_ORDER) {
      const response = await as.admin("PUT", `${orderUrl(id)}/address`, address);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe("product suggestions by reference", () => {
  const suggest = (orderId: string, ref: string) =>
    as.admin("GET", `${orderUrl(orderId)}/product-suggestions?ref=${encodeURIComponent(ref)}`);

  it("lists the live's products whose reference starts with the digits and that no order holds", async () => {
    const live = await insertLive(t.db);
    const color = await insertColor(t.db, { hexCode: "#1E3A8A" });
    const byRef = new Map<number, ProductRow>();
    for (const ref of [1, 2, 10, 11, 12, 21, 100]) {
      byRef.set(
        ref,
        await insertProduct(t.db, { liveId: live.id, ref, colorId: ref === 12 ? color.id : null }),
      );
    }
    const at = (ref: number) => {
      const product = byRef.get(ref);
      if (!product) throw new Error(`no product ${ref}`);
      return product;
    };
    const order = await insertOrder(t.db, { products: [at(2)] });
    await insertOrder(t.db, { products: [at(11)] });
    // A cancelled order's line gives its piece back: it is for sale again.
    await insertOrder(t.db, { products: [at(10)], status: "cancelled-by-customer" });
    // Another live's reference 1 is not this live's.
    await insertProduct(t.db, { ref: 1 });

    const response = await suggest(order.id, "1");
    expect(response.statusCode).toBe(200);
    expect(response.json().products.map((product: { ref: number }) => product.ref)).toEqual([1, 10, 12, 100]);
    expect(response.json().products[2]).toEqual({
      id: at(12).id,
      ref: 12,
      name: at(12).name,
      priceCents: at(12).priceCents,
      size: at(12).size,
      color: { name: color.name, hexCode: "#1E3A8A" },
    });
    expect((await suggest(order.id, "12")).json().products.map((p: { ref: number }) => p.ref)).toEqual([12]);
    // Reference 2 is in the order itself; 21 is still for sale.
    expect((await suggest(order.id, "2")).json().products.map((p: { ref: number }) => p.ref)).toEqual([21]);
    expect((await suggest(order.id, "3")).json().products).toEqual([]);
  });

  it("says when the exact reference typed is sold ('Ce produit a déjà été vendu dans ce live.')", async () => {
    const live = await insertLive(t.db);
    const one = await insertProduct(t.db, { liveId: live.id, ref: 1 });
    const ten = await insertProduct(t.db, { liveId: live.id, ref: 10 });
    await insertProduct(t.db, { liveId: live.id, ref: 11 });
    await insertProduct(t.db, { liveId: live.id, ref: 7 });
    await insertOrder(t.db, { products: [one] });
    const order = await insertOrder(t.db, { liveId: live.id, products: [] });

    const typedOne = (await suggest(order.id, "1")).json();
    expect(typedOne.exactRefSold).toBe(true);
    expect(typedOne.products.map((p: { ref: number }) => p.ref)).toEqual([10, 11]);
    expect((await suggest(order.id, "7")).json()).toMatchObject({ exactRefSold: false });
    expect((await suggest(order.id, "99")).json()).toEqual({ products: [], exactRefSold: false });
    // A piece given back by a cancelled order is for sale again, not sold.
    await insertOrder(t.db, { products: [ten], status: "cancelled-by-customer" });
    expect((await suggest(order.id, "10")).json().exactRefSold).toBe(false);
  });

  it("gives at most 20, lowest references first", async () => {
    const live = await insertLive(t.db);
    await t.db.insert(products).values(
      Array.from({ length: 30 }, (_, index) => ({
        liveId: live.id,
        ref: 100 + index,
        name: "Pull",
        priceCents: 1000,
      })),
    );
    const order = await insertOrder(t.db, { liveId: live.id, products: [] });
    const refs = (await suggest(order.id, "1")).json().products.map((p: { ref: number }) => p.ref);
    expect(refs).toEqual(Array.from({ length: 20 }, (_, index) => 100 + index));
  });

  it.each([
    ["abc", "La référence ne doit contenir que des chiffres"],
    ["1a", "La référence ne doit contenir que des chiffres"],
    [" 1", "La référence ne doit contenir que des chiffres"],
    ["", "La référence ne doit contenir que des chiffres"],
    ["1234567", "La référence ne peut pas dépasser 999999"],
  ])("refuses the search %j with a French 400", async (ref, message) => {
    const order = await insertOrder(t.db);
    const response = await suggest(order.id, ref);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "VALIDATION_FAILED", message, fields: { ref: message } });
  });

  it("asks for the digits", async () => {
    const order = await insertOrder(t.db);
    const response = await as.admin("GET", `${orderUrl(order.id)}/product-suggestions`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ ref: "La référence ne doit contenir que des chiffres" });
  });

  it("answers 'Commande introuvable' for an order that does not exist", async () => {
    for (const id of NO_SUCH_ORDER) {
      const response = await suggest(id, "1");
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
  });
});

describe("adding an item by reference", () => {
  const addItem = (orderId: string, body: unknown) => as.admin("POST", `${orderUrl(orderId)}/items`, body);

  it("adds one piece at the product's price with its colour, and recomputes the total", async () => {
    const live = await insertLive(t.db);
    const color = await insertColor(t.db, { hexCode: "#DC2626" });
    const sold = await insertProduct(t.db, { liveId: live.id, priceCents: 4000, colorId: null });
    const spare = await insertProduct(t.db, { liveId: live.id, priceCents: 2550, colorId: color.id });
    const order = await insertOrder(t.db, { products: [sold] });
    expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(4600);

    const response = await addItem(order.id, { productId: spare.id });
    expect(response.statusCode).toBe(201);
    const { order: read } = response.json();
    expect(read.totalAmountCents).toBe(7150);
    expect(read.items).toHaveLength(2);
    expect(read.items[1]).toMatchObject({
      productId: spare.id,
      ref: spare.ref,
      name: spare.name,
      quantity: 1,
      priceCents: 2550,
      color: { name: color.name, hexCode: "#DC2626" },
    });
    const { row, lines } = await orderState(order.id);
    expect(row.totalAmountCents).toBe(7150);
    expect(lines[1]).toMatchObject({
      productId: spare.id,
      quantity: 1,
      priceCents: 2550,
      color: { name: color.name, hex_code: "#DC2626" },
      isReleased: false,
    });
  });

  it("keeps no colour for a product without one, and counts from 6 € for an empty order", async () => {
    const live = await insertLive(t.db);
    const plain = await insertProduct(t.db, { liveId: live.id, priceCents: 1999, colorId: null });
    const order = await insertOrder(t.db, { liveId: live.id, products: [] });
    expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(600);
    const response = await addItem(order.id, { productId: plain.id });
    expect(response.statusCode).toBe(201);
    expect(response.json().order.items[0].color).toBeNull();
    expect(response.json().order.totalAmountCents).toBe(2599);
  });

  it.each([[{}], [{ productId: "" }], [{ productId: "12" }], [{ productId: null }]])(
    "asks for a product (%j), changing nothing",
    async (body) => {
      const { order } = await orderWithSpareProduct();
      const before = await orderState(order.id);
      const response = await addItem(order.id, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: "VALIDATION_FAILED",
        message: "Veuillez sélectionner un produit",
        fields: { productId: "Veuillez sélectionner un produit" },
      });
      expect(await orderState(order.id)).toEqual(before);
    },
  );

  it("refuses a product of another live, naming its reference, and an unknown product, changing nothing", async () => {
    const { order } = await orderWithSpareProduct();
    const stranger = await insertProduct(t.db, { ref: 42 });
    const before = await orderState(order.id);

    const elsewhere = await addItem(order.id, { productId: stranger.id });
    expect(elsewhere.statusCode).toBe(400);
    const message = "Aucun produit avec la référence 42 trouvé dans ce live";
    expect(elsewhere.json()).toEqual({ code: "VALIDATION_FAILED", message, fields: { productId: message } });

    const unknown = await addItem(order.id, { productId: randomUUID() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe("Aucun produit avec cette référence trouvé dans ce live");

    expect(await orderState(order.id)).toEqual(before);
    expect(await t.db.$count(orderItems, eq(orderItems.productId, stranger.id))).toBe(0);
  });

  it("refuses a product the order already holds, changing nothing", async () => {
    const { order } = await orderWithSpareProduct();
    const before = await orderState(order.id);
    const response = await addItem(order.id, { productId: order.items[0]?.productId });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: "Ce produit est déjà présent dans la commande",
      fields: { productId: "Ce produit est déjà présent dans la commande" },
    });
    expect(await orderState(order.id)).toEqual(before);
  });

  it("refuses a product sold in another order of the live, changing neither order", async () => {
    const { order, spare } = await orderWithSpareProduct();
    const buyer = await insertOrder(t.db, { products: [spare] });
    const before = await orderState(order.id);
    const buyerBefore = await orderState(buyer.id);
    const response = await addItem(order.id, { productId: spare.id });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: "CONFLICT",
      message: "Ce produit a déjà été vendu dans ce live.",
      fields: { productId: "Ce produit a déjà été vendu dans ce live." },
    });
    expect(await orderState(order.id)).toEqual(before);
    expect(await orderState(buyer.id)).toEqual(buyerBefore);
  });

  it("sells again a piece that a cancelled order gave back", async () => {
    const { order, spare } = await orderWithSpareProduct();
    await insertOrder(t.db, { products: [spare], status: "cancelled-by-admin" });
    const response = await addItem(order.id, { productId: spare.id });
    expect(response.statusCode).toBe(201);
  });

  it("answers 'Commande introuvable' for an order that does not exist, writing nothing", async () => {
    const { spare } = await orderWithSpareProduct();
    for (const id of NO_SUCH_ORDER) {
      const response = await addItem(id, { productId: spare.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await t.db.$count(orderItems, eq(orderItems.productId, spare.id))).toBe(0);
  });

  it("gives a piece asked for by two orders at the same moment to exactly one of them", async () => {
    // Warm up the admin's session so that both requests below go straight to the database.
    await as.admin("GET", orderUrl(randomUUID()));
    for (let round = 0; round < 8; round++) {
      const live = await insertLive(t.db);
      const piece = await insertProduct(t.db, { liveId: live.id, priceCents: 3000 });
      const first = await insertOrder(t.db, { liveId: live.id, products: [] });
      const second = await insertOrder(t.db, { liveId: live.id, products: [] });

      const responses = await Promise.all([
        addItem(first.id, { productId: piece.id }),
        addItem(second.id, { productId: piece.id }),
      ]);
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([201, 409]);
      const loser = responses.find((response) => response.statusCode === 409);
      expect(loser?.json().message).toBe("Ce produit a déjà été vendu dans ce live.");

      const lines = await t.db.select().from(orderItems).where(eq(orderItems.productId, piece.id));
      expect(lines).toHaveLength(1);
      const winnerId = lines[0]?.orderId;
      const loserId = winnerId === first.id ? second.id : first.id;
      expect((await orderRowOf(t.db, winnerId ?? "")).totalAmountCents).toBe(3600);
      expect((await orderRowOf(t.db, loserId)).totalAmountCents).toBe(600);
    }
  });

  it("adds one piece once when it is added twice to the same order at the same moment", async () => {
    for (let round = 0; round < 4; round++) {
      const { order, spare } = await orderWithSpareProduct();
      const responses = await Promise.all([
        addItem(order.id, { productId: spare.id }),
        addItem(order.id, { productId: spare.id }),
      ]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
      expect(responses.find((response) => response.statusCode === 409)?.json().message).toBe(
        "Ce produit est déjà présent dans la commande",
      );
      expect((await orderState(order.id)).lines).toHaveLength(2);
      expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(4000 + 2550 + 600);
    }
  });

  it("counts both pieces when two are added to one order at the same moment", async () => {
    for (let round = 0; round < 4; round++) {
      const live = await insertLive(t.db);
      const a = await insertProduct(t.db, { liveId: live.id, priceCents: 1000 });
      const b = await insertProduct(t.db, { liveId: live.id, priceCents: 2000 });
      const order = await insertOrder(t.db, { liveId: live.id, products: [] });
      const responses = await Promise.all([
        addItem(order.id, { productId: a.id }),
        addItem(order.id, { productId: b.id }),
      ]);
      expect(responses.map((response) => response.statusCode)).toEqual([201, 201]);
      expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(3600);
    }
  });
});

describe("deleting an item", () => {
  const deleteItem = (orderId: string, itemId: string) =>
    as.admin("DELETE", `${orderUrl(orderId)}/items/${itemId}`);

  it("removes the line, recomputes the total and puts the piece back on sale", async () => {
    const live = await insertLive(t.db);
    const a = await insertProduct(t.db, { liveId: live.id, priceCents: 4000 });
    const b = await insertProduct(t.db, { liveId: live.id, priceCents: 2500 });
    const order = await insertOrder(t.db, { products: [a, b] });
    const [first, second] = order.items;
    if (!first || !second) throw new Error("the order has two lines");
    expect((await orderRowOf(t.db, order.id)).totalAmountCents).toBe(7100);

    const response = await deleteItem(order.id, first.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().order.totalAmountCents).toBe(3100);
    expect(response.json().order.items.map((item: { id: string }) => item.id)).toEqual([second.id]);
    expect((await orderState(order.id)).row.totalAmountCents).toBe(3100);
    const suggestions = await as.admin("GET", `${orderUrl(order.id)}/product-suggestions?ref=${a.ref}`);
    expect(suggestions.json().products.map((p: { id: string }) => p.id)).toEqual([a.id]);

    const last = await deleteItem(order.id, second.id);
    expect(last.json().order).toMatchObject({ totalAmountCents: 600, items: [] });
  });

  it("refuses a line that is not the order's, changing nothing", async () => {
    const { order } = await orderWithSpareProduct();
    const other = await insertOrder(t.db);
    const before = await orderState(order.id);
    const otherBefore = await orderState(other.id);
    for (const itemId of [other.items[0]?.id ?? "", randomUUID(), "abc"]) {
      const response = await deleteItem(order.id, itemId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        code: "NOT_FOUND",
        message: "Cet article ne fait plus partie de la commande",
      });
    }
    expect(await orderState(order.id)).toEqual(before);
    expect(await orderState(other.id)).toEqual(otherBefore);
  });

  it("answers 'Commande introuvable' for an order that does not exist, changing nothing", async () => {
    const { order } = await orderWithSpareProduct();
    const before = await orderState(order.id);
    for (const id of NO_SUCH_ORDER) {
      const response = await deleteItem(id, order.items[0]?.id ?? "");
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NOT_FOUND);
    }
    expect(await orderState(order.id)).toEqual(before);
  });
});

describe("items change only while the order is to validate or to pay", () => {
  const LOCKED = ORDER_STATUSES.filter((status) => status !== "to-validate" && status !== "to-pay");
  const ITEMS_LOCKED = {
    code: "CONFLICT",
    message:
      "Les articles de cette commande ne peuvent plus être modifiés : elle n'est plus à valider ni à payer.",
  };

  it.each(LOCKED)("refuses to add or delete a line of an order %s, changing nothing", async (status) => {
    const { order, spare } = await orderWithSpareProduct();
    await setOrderStatus(t.db, order.id, status);
    const before = await orderState(order.id);

    const added = await as.admin("POST", `${orderUrl(order.id)}/items`, { productId: spare.id });
    expect(added.statusCode).toBe(409);
    expect(added.json()).toEqual(ITEMS_LOCKED);
    const deleted = await as.admin("DELETE", `${orderUrl(order.id)}/items/${order.items[0]?.id ?? ""}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json()).toEqual(ITEMS_LOCKED);

    expect(await orderState(order.id)).toEqual(before);
  });

  it.each(["to-validate", "to-pay"] as const)(
    "lets staff add and delete lines of an order %s, each change counted in its items version",
    async (status) => {
      const { order, spare } = await orderWithSpareProduct();
      await setOrderStatus(t.db, order.id, status);
      const version = (await orderRowOf(t.db, order.id)).itemsVersion;
      expect(
        (await as.admin("POST", `${orderUrl(order.id)}/items`, { productId: spare.id })).statusCode,
      ).toBe(201);
      expect((await orderRowOf(t.db, order.id)).itemsVersion).toBe(version + 1);
      const line = order.items[0]?.id ?? "";
      expect((await as.admin("DELETE", `${orderUrl(order.id)}/items/${line}`)).statusCode).toBe(200);
      expect((await orderRowOf(t.db, order.id)).itemsVersion).toBe(version + 2);
    },
  );
});

describe("every route of the order detail", () => {
  it("is refused to customers and anonymous callers, who change nothing", async () => {
    const { order, spare } = await orderWithSpareProduct();
    const before = await orderState(order.id);
    const calls = [
      ["GET", orderUrl(order.id), undefined],
      ["PUT", `${orderUrl(order.id)}/status`, { status: "cancelled-by-admin" }],
      ["PUT", `${orderUrl(order.id)}/address`, address],
      ["GET", `${orderUrl(order.id)}/product-suggestions?ref=1`, undefined],
      ["POST", `${orderUrl(order.id)}/items`, { productId: spare.id }],
      ["DELETE", `${orderUrl(order.id)}/items/${order.items[0]?.id}`, undefined],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await as.customer(method, url, body)).statusCode).toBe(403);
      expect((await as.anonymous(method, url, body)).statusCode).toBe(401);
    }
    expect(await orderState(order.id)).toEqual(before);
  });
});
