import {
  LYRA_TEST_CARDS,
  parcelMessages,
  refundMessages,
  SHIPPING_FEE_CENTS,
  type ShippingAddress,
} from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderRefunds, simulatedRefunds } from "../src/db/schema";
import { apiKitOf, type ApiKit, type SignedInRole } from "./support/api-kit";
import { deliveryAddress, insertCustomer, insertOrder, insertProduct, orderRowOf } from "./support/factories";
import { readLabelPdf } from "./support/label-pdf";
import { payThroughSimulator } from "./support/payment-kit";
import { createTestApp, type TestApp } from "./support/test-app";

const PARCELS_URL = "/api/admin/parcels";
const labelUrl = (orderId: string) => `/api/admin/orders/${orderId}/label`;
const HOUR = 60 * 60 * 1000;
const FEE = SHIPPING_FEE_CENTS;

let t: TestApp;
let kit: ApiKit;
let storageDir: string;
beforeAll(async () => {
  storageDir = await mkdtemp(path.join(tmpdir(), "vitrine-parcels-"));
  t = await createTestApp({ env: { STORAGE_DIR: storageDir, PARCEL_COMBINE_DAYS: "7" } });
  kit = apiKitOf(t);
});
afterAll(async () => {
  await t.close();
  await rm(storageDir, { recursive: true, force: true });
});

interface OrderOptions {
  role?: SignedInRole;
  /** A customer other than the kit's. */
  userId?: string;
  status?: "to-validate" | "to-pay" | "paid";
  pieces?: number;
  hoursAgo?: number;
  address?: ShippingAddress;
}

/** An order of the customer to the usual address, `hoursAgo` old, as the orders core makes one. */
async function order({
  role = "customer",
  userId: givenUser,
  status = "to-pay",
  pieces = 1,
  hoursAgo = 0,
  address,
}: OrderOptions = {}) {
  const userId = givenUser ?? (await kit.actor(role)).userId;
  const first = await insertProduct(t.db, { priceCents: 2000 });
  const products = [first];
  for (let index = 1; index < pieces; index++)
    products.push(await insertProduct(t.db, { liveId: first.liveId }));
  return insertOrder(t.db, {
    userId,
    status,
    shippingAddress: address ?? deliveryAddress,
    orderDate: new Date(Date.now() - hoursAgo * HOUR),
    products,
  });
}

/** An order really paid through the simulator (a refund needs its transaction); its transaction id. */
async function paidOrder(options: OrderOptions & { card?: string } = {}) {
  const role = options.role ?? "customer";
  const created = await order({ ...options, status: "to-pay" });
  const paid = await payThroughSimulator(kit, role, created.id, options.card);
  expect(paid.json().clientAnswer.orderStatus).toBe("PAID");
  expect((await orderRowOf(t.db, created.id)).status).toBe("paid");
  return { ...created, transactionId: paid.json().clientAnswer.paymentOrderId as string };
}

const combine = (orderIds: string[]) =>
  kit.injectAs("admin", { method: "POST", url: PARCELS_URL, payload: { orderIds } });
const split = (orderId: string) =>
  kit.injectAs("admin", { method: "POST", url: `${PARCELS_URL}/split/${orderId}` });

/** What combining may change on an order: its parcel, fee, total, tracking number and status. */
async function parcelStateOf(orderId: string) {
  const row = await orderRowOf(t.db, orderId);
  return {
    parcelLeadId: row.parcelLeadId,
    shippingFeeCents: row.shippingFeeCents,
    waivedShippingFeeCents: row.waivedShippingFeeCents,
    totalAmountCents: row.totalAmountCents,
    trackingId: row.trackingId,
    status: row.status,
  };
}

async function labelFilesOf(orderId: string): Promise<string[]> {
  const folder = path.join(storageDir, "labels", orderId);
  return existsSync(folder) ? readdir(folder) : [];
}

describe("combined parcels", { timeout: 60_000 }, () => {
  it("combines two paid orders into one parcel: one label weighing every piece, the member follows it", async () => {
    const lead = await paidOrder({ pieces: 2, hoursAgo: 5 });
    const member = await paidOrder({ pieces: 1, hoursAgo: 1 });
    const combined = await combine([member.id, lead.id]);
    expect(combined.statusCode).toBe(200);
    expect(combined.json().parcel).toMatchObject({
      leadId: lead.id,
      leadOrderNumber: lead.orderNumber,
      hasLabel: false,
      orders: [
        { id: lead.id, isLead: true },
        { id: member.id, isLead: false, refundedShippingFeeCents: FEE },
      ],
    });
    expect((await parcelStateOf(member.id)).parcelLeadId).toBe(lead.id);

    // The member's fee was already paid: given back through the provider, once.
    const refunds = await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, member.id));
    expect(refunds).toEqual([
      expect.objectContaining({ reason: "combined-shipping", state: "done", amountCents: FEE }),
    ]);
    const simulated = await t.db
      .select()
      .from(simulatedRefunds)
      .where(eq(simulatedRefunds.transactionId, member.transactionId));
    expect(simulated).toHaveLength(1);
    expect(simulated[0]).toMatchObject({ amountCents: FEE });

    // The member's own label is refused, naming the lead.
    const memberLabel = await kit.injectAs("admin", { method: "POST", url: labelUrl(member.id) });
    expect(memberLabel.statusCode).toBe(409);
    expect(memberLabel.json().message).toBe(parcelMessages.memberLabel(lead.orderNumber));

    const sequenceBefore = await t.db.execute<{ last_value: string }>(
      sql`SELECT last_value FROM parcel_number_seq`,
    );
    const generated = await kit.injectAs("admin", { method: "POST", url: labelUrl(lead.id) });
    expect(generated.statusCode).toBe(201);
    const { trackingId } = generated.json().label;
    const sequenceAfter = await t.db.execute<{ last_value: string }>(
      sql`SELECT last_value FROM parcel_number_seq`,
    );
    // One carrier call: one parcel number spent, one file, on the lead only.
    expect(
      Number(sequenceAfter.rows[0]?.last_value) - Number(sequenceBefore.rows[0]?.last_value),
    ).toBeLessThanOrEqual(1);
    expect(await labelFilesOf(lead.id)).toEqual([`${trackingId}.pdf`]);
    expect(await labelFilesOf(member.id)).toEqual([]);
    const pdf = await readLabelPdf(
      (await kit.injectAs("admin", { method: "GET", url: labelUrl(lead.id) })).rawPayload,
    );
    // 150 g of box and 350 g for each of the three pieces of both orders.
    expect(pdf.text).toContain("Poids : 1,20 kg");
    expect((await parcelStateOf(member.id)).trackingId).toBe(trackingId);

    const customerView = await kit.injectAs("customer", {
      method: "GET",
      url: `/api/customer/orders/${member.id}`,
    });
    expect(customerView.json().order).toMatchObject({
      trackingId,
      parcel: { role: "member", leadOrderNumber: lead.orderNumber, refundedShippingFeeCents: FEE },
    });

    const deleted = await kit.injectAs("admin", { method: "DELETE", url: labelUrl(lead.id) });
    expect(deleted.statusCode).toBe(200);
    expect((await parcelStateOf(member.id)).trackingId).toBeNull();
  });

  it("refuses orders to two addresses and changes nothing", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const elsewhere = await order({ address: { ...deliveryAddress, street: "8 avenue Jean Jaurès" } });
    const before = [await parcelStateOf(lead.id), await parcelStateOf(elsewhere.id)];
    const response = await combine([lead.id, elsewhere.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      parcelMessages.differentAddress(lead.orderNumber, elsewhere.orderNumber),
    );
    expect([await parcelStateOf(lead.id), await parcelStateOf(elsewhere.id)]).toEqual(before);
  });

  it("combines the same address written differently (case, accents, spaces)", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const retyped = await order({
      address: {
        ...deliveryAddress,
        street: `  ${deliveryAddress.street.toUpperCase()} `,
        city: deliveryAddress.city.toLowerCase(),
      },
    });
    expect((await combine([lead.id, retyped.id])).statusCode).toBe(200);
  });

  it("refuses another customer's order", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const stranger = await order({ role: "otherCustomer" });
    const response = await combine([lead.id, stranger.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(parcelMessages.otherCustomer);
    expect((await parcelStateOf(stranger.id)).parcelLeadId).toBeNull();
  });

  it("refuses orders further apart than PARCEL_COMBINE_DAYS", async () => {
    const old = await order({ status: "paid", hoursAgo: 8 * 24 });
    const recent = await order();
    const response = await combine([old.id, recent.id]);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(parcelMessages.tooFarApart(old.orderNumber, recent.orderNumber, 7));
    expect((await parcelStateOf(recent.id)).parcelLeadId).toBeNull();
  });

  it("lets an unpaid member ride free, its total lowered, and puts its fee back after 'Séparer'", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const unpaid = await order();
    const before = await orderRowOf(t.db, unpaid.id);
    expect(before.shippingFeeCents).toBe(FEE);

    expect((await combine([lead.id, unpaid.id])).statusCode).toBe(200);
    const riding = await orderRowOf(t.db, unpaid.id);
    expect(riding).toMatchObject({
      parcelLeadId: lead.id,
      shippingFeeCents: 0,
      waivedShippingFeeCents: FEE,
      totalAmountCents: before.totalAmountCents - FEE,
    });
    // A payment form issued for the old total no longer pays.
    expect(riding.itemsVersion).toBeGreaterThan(before.itemsVersion);
    const list = await kit.injectAs("customer", { method: "GET", url: "/api/customer/orders" });
    expect(list.json().orders.find((row: { id: string }) => row.id === unpaid.id).parcel).toEqual({
      role: "member",
      leadOrderNumber: lead.orderNumber,
      otherOrderNumbers: [lead.orderNumber],
      waivedShippingFeeCents: FEE,
      refundedShippingFeeCents: null,
    });

    const separated = await split(unpaid.id);
    expect(separated.statusCode).toBe(200);
    expect(separated.json().parcel).toBeNull();
    expect(await parcelStateOf(unpaid.id)).toMatchObject({
      parcelLeadId: null,
      shippingFeeCents: FEE,
      waivedShippingFeeCents: null,
      totalAmountCents: before.totalAmountCents,
    });
  });

  it("leaves nothing combined when the provider refuses to refund a paid member's fee", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const member = await paidOrder({ card: LYRA_TEST_CARDS.refundRefused });
    const before = await parcelStateOf(member.id);
    const response = await combine([lead.id, member.id]);
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe(
      parcelMessages.refundRefused(member.orderNumber, refundMessages.refused),
    );
    expect(await parcelStateOf(member.id)).toEqual(before);
    // The refusal is kept for staff; no money moved.
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, member.id))).toEqual([
      expect.objectContaining({
        state: "refused",
        reason: "combined-shipping",
        error: refundMessages.refused,
      }),
    ]);
    expect(
      await t.db
        .select()
        .from(simulatedRefunds)
        .where(eq(simulatedRefunds.transactionId, member.transactionId)),
    ).toEqual([]);
  });

  it("refuses 'Séparer' once the lead has its label", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const member = await order();
    expect((await combine([lead.id, member.id])).statusCode).toBe(200);
    expect((await kit.injectAs("admin", { method: "POST", url: labelUrl(lead.id) })).statusCode).toBe(201);
    for (const id of [member.id, lead.id]) {
      const response = await split(id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(parcelMessages.splitLabelled(lead.orderNumber));
    }
    expect((await parcelStateOf(member.id)).parcelLeadId).toBe(lead.id);
  });

  it("takes a cancelled order out of its parcel: a lead hands it on, a member leaves", async () => {
    const lead = await order({ status: "paid", hoursAgo: 5 });
    const paidMember = await paidOrder({ hoursAgo: 4 });
    const unpaid = await order({ hoursAgo: 3 });
    expect((await combine([lead.id, paidMember.id, unpaid.id])).statusCode).toBe(200);
    const setStatus = (id: string, status: string) =>
      kit.injectAs("admin", { method: "PUT", url: `/api/admin/orders/${id}/status`, payload: { status } });

    expect((await setStatus(lead.id, "cancelled-by-admin")).statusCode).toBe(200);
    expect((await parcelStateOf(lead.id)).parcelLeadId).toBeNull();
    // The earliest paid order left leads now; the unpaid one still rides free with it.
    expect((await parcelStateOf(paidMember.id)).parcelLeadId).toBeNull();
    expect(await parcelStateOf(unpaid.id)).toMatchObject({
      parcelLeadId: paidMember.id,
      shippingFeeCents: 0,
    });
    const parcel = await kit.injectAs("admin", { method: "GET", url: `${PARCELS_URL}/of/${unpaid.id}` });
    expect(parcel.json().parcel.orders.map((row: { id: string }) => row.id)).toEqual([
      paidMember.id,
      unpaid.id,
    ]);

    expect((await setStatus(unpaid.id, "cancelled-by-customer")).statusCode).toBe(200);
    // It leaves, with its fee back: brought back by staff, it is charged as an order alone.
    expect(await parcelStateOf(unpaid.id)).toMatchObject({
      parcelLeadId: null,
      shippingFeeCents: FEE,
      waivedShippingFeeCents: null,
      totalAmountCents: unpaid.totalAmountCents,
    });
    expect(
      (await kit.injectAs("admin", { method: "GET", url: `${PARCELS_URL}/of/${paidMember.id}` })).json()
        .parcel,
    ).toBeNull();
  });

  it("builds no chain when two combines race, and refunds each fee once", async () => {
    const first = await paidOrder({ hoursAgo: 6 });
    const second = await paidOrder({ hoursAgo: 5 });
    const third = await order({ hoursAgo: 4 });
    const [one, two] = await Promise.all([combine([first.id, second.id]), combine([second.id, third.id])]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const rows = await Promise.all([first, second, third].map((row) => orderRowOf(t.db, row.id)));
    const leads = new Set(rows.map((row) => row.parcelLeadId).filter(Boolean));
    // One parcel: every member points at an order that is itself in no parcel.
    expect(leads.size).toBe(1);
    for (const row of rows) {
      if (row.parcelLeadId)
        expect(rows.find((other) => other.id === row.parcelLeadId)?.parcelLeadId).toBeNull();
    }
    const done = await t.db.execute<{ order_id: string }>(
      sql`SELECT order_id FROM order_refunds WHERE order_id IN (${first.id}, ${second.id}) AND state = 'done'`,
    );
    expect(done.rows).toHaveLength(1);
  });

  it("refuses a chain written straight to the database", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const member = await order();
    const other = await order();
    expect((await combine([lead.id, member.id])).statusCode).toBe(200);
    await expect(
      t.db.execute(sql`UPDATE orders SET parcel_lead_id = ${member.id} WHERE id = ${other.id}`),
    ).rejects.toThrow();
    await expect(
      t.db.execute(sql`UPDATE orders SET parcel_lead_id = ${other.id} WHERE id = ${lead.id}`),
    ).rejects.toThrow();
  });

  it("refuses a different address for an order in a parcel, and accepts the same one again", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const member = await order({ status: "to-validate" });
    expect((await combine([lead.id, member.id])).statusCode).toBe(200);
    const save = (address: ShippingAddress) =>
      kit.injectAs("customer", {
        method: "PUT",
        url: `/api/customer/orders/${member.id}/address`,
        payload: address,
      });
    const moved = await save({ ...deliveryAddress, street: "3 impasse des Lilas" });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(parcelMessages.addressLocked(lead.orderNumber));
    expect((await orderRowOf(t.db, member.id)).status).toBe("to-validate");
    expect((await save(deliveryAddress)).statusCode).toBe(200);
  });

  it("offers the board a customer's orders to combine, and is for staff only", async () => {
    const { id: userId } = await insertCustomer(t.db);
    const lead = await order({ userId, status: "paid", hoursAgo: 2 });
    const unpaid = await order({ userId });
    await order({ userId, address: { ...deliveryAddress, zip: "75011" } });
    const response = await kit.injectAs("admin", { method: "GET", url: `${PARCELS_URL}/suggestions` });
    expect(response.statusCode).toBe(200);
    const mine = response
      .json()
      .suggestions.find((row: { customer: { id: string } }) => row.customer.id === userId);
    expect(mine).toMatchObject({ leadId: lead.id, feeSavedCents: FEE, refundCents: 0 });
    expect(mine.orders.map((row: { id: string }) => row.id)).toEqual([lead.id, unpaid.id]);
    expect(
      (await kit.injectAs("customer", { method: "GET", url: `${PARCELS_URL}/suggestions` })).statusCode,
    ).toBe(403);
    expect(
      (
        await kit.injectAs("customer", {
          method: "POST",
          url: PARCELS_URL,
          payload: { orderIds: [lead.id, unpaid.id] },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("shows a parcel as one card on the preparation board and validates every order of it at once", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3, pieces: 2 });
    const member = await order({ hoursAgo: 2 });
    expect((await combine([lead.id, member.id])).statusCode).toBe(200);
    expect((await kit.injectAs("admin", { method: "POST", url: labelUrl(lead.id) })).statusCode).toBe(201);
    const validate = (id: string) =>
      kit.injectAs("admin", { method: "POST", url: `/api/admin/preparation/${id}/validate` });

    const unpaid = await validate(lead.id);
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().message).toBe(parcelMessages.memberUnpaid(member.orderNumber));
    expect((await orderRowOf(t.db, lead.id)).status).toBe("paid");

    await t.db.execute(sql`UPDATE orders SET status = 'paid' WHERE id = ${member.id}`);
    const board = await kit.injectAs("admin", { method: "GET", url: "/api/admin/preparation" });
    const cards = board.json().orders as { id: string; parcelMembers: { id: string; items: unknown[] }[] }[];
    expect(cards.some((card) => card.id === member.id)).toBe(false);
    const card = cards.find((listed) => listed.id === lead.id);
    expect(card?.parcelMembers.map((listed) => listed.id)).toEqual([member.id]);
    expect(card?.parcelMembers[0]?.items).toHaveLength(1);

    const asMember = await validate(member.id);
    expect(asMember.statusCode).toBe(409);
    expect(asMember.json().message).toBe(parcelMessages.memberValidate(lead.orderNumber));

    const validated = await validate(lead.id);
    expect(validated.statusCode).toBe(200);
    expect((await orderRowOf(t.db, lead.id)).status).toBe("to-ship");
    expect((await orderRowOf(t.db, member.id)).status).toBe("to-ship");
  });

  it("offers an unpaid order the parcels of its customer's paid orders to the same address, then shows the parcel", async () => {
    const { id: userId } = await insertCustomer(t.db);
    const lead = await order({ userId, status: "paid", hoursAgo: 2 });
    await order({ userId, status: "paid", hoursAgo: 1, address: { ...deliveryAddress, zip: "75011" } });
    const unpaid = await order({ userId, status: "to-validate" });
    const of = (id: string) => kit.injectAs("admin", { method: "GET", url: `${PARCELS_URL}/of/${id}` });

    expect((await of(unpaid.id)).json()).toEqual({
      parcel: null,
      joinable: [{ leadId: lead.id, orderNumber: lead.orderNumber }],
    });
    expect((await combine([lead.id, unpaid.id])).statusCode).toBe(200);
    const joined = (await of(unpaid.id)).json();
    expect(joined.joinable).toEqual([]);
    expect(joined.parcel).toMatchObject({
      leadId: lead.id,
      orders: [
        { id: lead.id, isLead: true },
        { id: unpaid.id, isLead: false, shippingFeeCents: 0, waivedShippingFeeCents: FEE },
      ],
    });
    expect((await of(lead.id)).json().parcel.leadId).toBe(lead.id);
  });

  it("lets a paid member whose fee was refunded leave on its own, at the shop's cost", async () => {
    const lead = await order({ status: "paid", hoursAgo: 3 });
    const member = await paidOrder({ hoursAgo: 1 });
    const before = await parcelStateOf(member.id);
    expect((await combine([lead.id, member.id])).statusCode).toBe(200);
    const separated = await split(lead.id);
    expect(separated.statusCode).toBe(200);
    expect(separated.json().parcel).toBeNull();
    // What it paid stands; its fee stays refunded: nothing is charged again.
    expect(await parcelStateOf(member.id)).toEqual(before);
    expect(await t.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, member.id))).toEqual([
      expect.objectContaining({ state: "done", amountCents: FEE }),
    ]);
    expect((await split(member.id)).json().message).toBe(parcelMessages.notInParcel(member.orderNumber));
  });
});
