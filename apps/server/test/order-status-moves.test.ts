import {
  laPosteTrackingUrl,
  ORDER_STATUSES,
  orderMoveRefusal,
  orderMoveRefusals,
  orderStatusMove,
  type OrderStatus,
} from "@vitrine/domain";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerNotices, orders } from "../src/db/schema";
import { catalogueCallers } from "./support/catalogue-fixtures";
import { eventually } from "./support/eventually";
import {
  deliveryAddress,
  insertCustomer,
  insertLive,
  insertOrder,
  insertProduct,
  orderRowOf,
  type LiveRow,
  type OrderWithItems,
} from "./support/factories";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let as: ReturnType<typeof catalogueCallers>;
let live: LiveRow;
beforeAll(async () => {
  t = await createTestApp();
  as = catalogueCallers(t);
  live = await insertLive(t.db);
});
afterAll(async () => t.close());

/** An order that meets every condition of the table: an address, a label and a tracking number. */
const READY = {
  shippingAddress: deliveryAddress,
  shippingLabelPath: "labels/ready/6A00000000001.pdf",
  trackingId: "6A00000000001",
};

const readyOrder = (status: OrderStatus, overrides: Partial<typeof READY> = {}) =>
  insertOrder(t.db, { liveId: live.id, products: [], status, ...READY, ...overrides });

type Route = "dialog" | "bulk";

/** The move asked through the order page's dialog or the orders list's bulk change: the refusal, or null. */
async function move(route: Route, order: OrderWithItems, to: OrderStatus): Promise<string | null> {
  if (route === "dialog") {
    const response = await as.admin("PUT", `/api/admin/orders/${order.id}/status`, { status: to });
    if (response.statusCode === 200) return null;
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe("CONFLICT");
    return response.json().message;
  }
  const response = await as.admin("POST", "/api/admin/orders/bulk-status", {
    orderIds: [order.id],
    status: to,
  });
  expect(response.statusCode, response.body).toBe(200);
  const result = response.json<{
    updated: string[];
    failed: { id: string; orderNumber: string | null; message: string }[];
  }>();
  if (result.updated.includes(order.id)) return null;
  expect(result.failed).toEqual([
    { id: order.id, orderNumber: order.orderNumber, message: expect.any(String) },
  ]);
  return result.failed[0]?.message ?? "";
}

const statusOf = async (id: string) => (await orderRowOf(t.db, id)).status;

describe.each<Route>(["dialog", "bulk"])("the status table, move by move, from the %s", (route) => {
  const pairs = ORDER_STATUSES.flatMap((from) =>
    ORDER_STATUSES.filter((to) => to !== from).map((to) => [from, to] as const),
  );

  it.each(pairs)(
    "%s -> %s: moves when the table has a staff row, else refuses in French",
    async (from, to) => {
      const order = await readyOrder(from);
      const refusal = await move(route, order, to);
      if (orderStatusMove(from, to, "staff")) {
        expect(refusal).toBeNull();
        expect(await statusOf(order.id)).toBe(to);
      } else {
        expect(refusal).toBe(
          orderMoveRefusal({ status: from, addressed: true, labelled: true, tracked: true }, to, "staff"),
        );
        expect(refusal).toMatch(/^Impossible : /);
        expect(await statusOf(order.id)).toBe(from);
      }
    },
  );

  it("refuses 'Livrée' before the order is paid, saying so", async () => {
    const order = await readyOrder("to-pay", { shippingAddress: undefined });
    await t.db.update(orders).set({ shippingAddress: null }).where(eq(orders.id, order.id));
    expect(await move(route, order, "delivered")).toBe("Impossible : la commande n'est pas payée");
    expect(await statusOf(order.id)).toBe("to-pay");
  });

  it("refuses 'Livrée' to a shipped order without an address", async () => {
    const order = await readyOrder("shipped");
    await t.db.update(orders).set({ shippingAddress: null }).where(eq(orders.id, order.id));
    expect(await move(route, order, "delivered")).toBe(orderMoveRefusals.addressed);
    expect(await statusOf(order.id)).toBe("shipped");
  });

  it("refuses 'Expédiée' without a label or a tracking number, and takes either one", async () => {
    const bare = await readyOrder("to-ship");
    await t.db
      .update(orders)
      .set({ shippingLabelPath: null, trackingId: null })
      .where(eq(orders.id, bare.id));
    expect(await move(route, bare, "shipped")).toBe(
      "Impossible : la commande n'a ni étiquette ni numéro de suivi",
    );
    expect(await statusOf(bare.id)).toBe("to-ship");

    await t.db.update(orders).set({ trackingId: "6A00000000042" }).where(eq(orders.id, bare.id));
    expect(await move(route, bare, "shipped")).toBeNull();
    expect(await statusOf(bare.id)).toBe("shipped");
  });

  it("refuses 'À expédier' without a label", async () => {
    const order = await readyOrder("paid");
    await t.db.update(orders).set({ shippingLabelPath: null }).where(eq(orders.id, order.id));
    expect(await move(route, order, "to-ship")).toBe(orderMoveRefusals.labelled);
    expect(await statusOf(order.id)).toBe("paid");
  });

  it("refuses 'À payer' without an address", async () => {
    const order = await readyOrder("to-validate");
    await t.db.update(orders).set({ shippingAddress: null }).where(eq(orders.id, order.id));
    expect(await move(route, order, "to-pay")).toBe(orderMoveRefusals.addressed);
    expect(await statusOf(order.id)).toBe("to-validate");
  });

  it("moves a combined parcel's orders together, asked from its lead or from a member", async () => {
    const lead = await readyOrder("to-ship");
    const member = await readyOrder("to-ship", { shippingLabelPath: undefined });
    await t.db
      .update(orders)
      .set({ parcelLeadId: lead.id, shippingLabelPath: null })
      .where(eq(orders.id, member.id));
    expect(await move(route, lead, "shipped")).toBeNull();
    expect([await statusOf(lead.id), await statusOf(member.id)]).toEqual(["shipped", "shipped"]);
    expect(await move(route, member, "delivered")).toBeNull();
    expect([await statusOf(lead.id), await statusOf(member.id)]).toEqual(["delivered", "delivered"]);
  });

  it("moves no order of a parcel when one of them may not move, naming it", async () => {
    const lead = await readyOrder("paid");
    const member = await readyOrder("paid");
    await t.db
      .update(orders)
      .set({ parcelLeadId: lead.id, shippingLabelPath: null, shippingAddress: null })
      .where(eq(orders.id, member.id));
    expect(await move(route, lead, "preparing")).toBe(
      `Impossible : la commande n'a pas d'adresse de livraison (commande ${member.orderNumber} du même colis)`,
    );
    expect([await statusOf(lead.id), await statusOf(member.id)]).toEqual(["paid", "paid"]);
  });
});

describe("the bulk change of a parcel", () => {
  it("counts the member it moved with the lead as changed when it was asked too", async () => {
    const lead = await readyOrder("to-ship");
    const member = await readyOrder("to-ship");
    await t.db
      .update(orders)
      .set({ parcelLeadId: lead.id, shippingLabelPath: null })
      .where(eq(orders.id, member.id));
    const response = await as.admin("POST", "/api/admin/orders/bulk-status", {
      orderIds: [lead.id, member.id],
      status: "shipped",
    });
    expect(response.json()).toEqual({ updated: [lead.id, member.id], failed: [] });
  });
});

describe("the 'Préparation' board", () => {
  it("shows the paid orders and those in preparation, and validates either", async () => {
    // The board lists orders with pieces to prepare: each gets one.
    const withPiece = async (status: OrderStatus) =>
      insertOrder(t.db, {
        liveId: live.id,
        products: [await insertProduct(t.db, { liveId: live.id })],
        status,
        ...READY,
      });
    const paid = await withPiece("paid");
    const preparing = await withPiece("preparing");
    const shipped = await withPiece("to-ship");
    const response = await as.admin("GET", "/api/admin/preparation");
    const ids = response.json<{ orders: { id: string }[] }>().orders.map((order) => order.id);
    expect(ids).toEqual(expect.arrayContaining([paid.id, preparing.id]));
    expect(ids).not.toContain(shipped.id);
    const validated = await as.admin("POST", `/api/admin/preparation/${preparing.id}/validate`);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(await statusOf(preparing.id)).toBe("to-ship");
  });
});

describe("the customer's mails of a payment and a shipment", () => {
  const noticesOf = (orderId: string) =>
    t.db
      .select()
      .from(customerNotices)
      .where(and(eq(customerNotices.orderId, orderId), isNull(customerNotices.claimId)));

  it("mails 'Votre commande est en route' once, with the tracking number and its link", async () => {
    const customer = await insertCustomer(t.db, { firstName: "Léa" });
    const order = await insertOrder(t.db, {
      liveId: live.id,
      products: [],
      userId: customer.id,
      status: "to-ship",
      ...READY,
      trackingId: "6A98765432109",
    });
    expect(await move("dialog", order, "shipped")).toBeNull();
    const shipped = () =>
      t.mails.filter((mail) => mail.to === customer.email && mail.subject === "Votre commande est en route");
    await eventually(async () => shipped().length > 0, 15_000);
    const [mail] = shipped();
    expect(mail?.text).toContain("Bonjour Léa,");
    expect(mail?.text).toContain(`votre commande ${order.orderNumber} vient d'être expédiée`);
    expect(mail?.text).toContain("Numéro de suivi : 6A98765432109");
    expect(mail?.text).toContain(laPosteTrackingUrl("6A98765432109"));
    expect(mail?.html).toContain(`href="${laPosteTrackingUrl("6A98765432109")}"`);
    expect(mail?.text).not.toContain("{{");

    // Taken back and shipped again: the same move is not mailed twice.
    expect(await move("bulk", order, "to-ship")).toBeNull();
    expect(await move("bulk", order, "shipped")).toBeNull();
    expect((await noticesOf(order.id)).map((notice) => notice.kind)).toEqual(["shipped"]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(shipped()).toHaveLength(1);
  });

  it("mails 'Paiement bien reçu' with the order's number when the order becomes paid", async () => {
    const customer = await insertCustomer(t.db, { firstName: null });
    const order = await insertOrder(t.db, {
      liveId: live.id,
      products: [],
      userId: customer.id,
      status: "to-pay",
      shippingAddress: deliveryAddress,
    });
    expect(await move("bulk", order, "paid")).toBeNull();
    const paid = () =>
      t.mails.filter((mail) => mail.to === customer.email && mail.subject === "Paiement bien reçu");
    await eventually(async () => paid().length > 0, 15_000);
    expect(paid()).toHaveLength(1);
    expect(paid()[0]?.text).toMatch(/^Bonjour,/);
    expect(paid()[0]?.text).toContain(`le paiement de votre commande ${order.orderNumber}`);
  });

  it("writes no notice for a move that is refused, nor for other statuses", async () => {
    const customer = await insertCustomer(t.db);
    const refused = await insertOrder(t.db, {
      liveId: live.id,
      products: [],
      userId: customer.id,
      status: "to-ship",
    });
    expect(await move("dialog", refused, "shipped")).not.toBeNull();
    const prepared = await insertOrder(t.db, {
      liveId: live.id,
      products: [],
      userId: customer.id,
      status: "paid",
      ...READY,
    });
    await t.db.delete(customerNotices).where(inArray(customerNotices.orderId, [prepared.id]));
    expect(await move("dialog", prepared, "preparing")).toBeNull();
    expect(await noticesOf(refused.id)).toEqual([]);
    expect(await noticesOf(prepared.id)).toEqual([]);
  });
});
