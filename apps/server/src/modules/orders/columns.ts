import type { ShippingAddress } from "@vitrine/domain";
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { orders } from "../../db/schema";

/*
 * The writes of an order's other columns that other modules decide (its address, its label, its
 * parcel, its payment form, its owner): each module keeps its rules, this file keeps the one
 * statement that writes the row, so that "who writes orders?" has one answer.
 */

/** Sets the order's delivery address, its status as it is; false when there is no such order. */
export async function setOrderAddress(
  db: Queryable,
  orderId: string,
  address: ShippingAddress,
): Promise<boolean> {
  const updated = await db
    .update(orders)
    .set({ shippingAddress: address, updatedAt: sql`now()` })
    .where(eq(orders.id, orderId))
    .returning({ id: orders.id });
  return updated.length > 0;
}

/**
 * Notes that a payment form starts now for the order (a hold expiring meanwhile waits for the
 * form's end) and returns the total and lines' version the form pays, read in the same statement.
 * A replay gives the form's time on the events' clock (`at`, to the microsecond).
 */
export async function startOrderPayment(db: Queryable, orderId: string, at?: string) {
  const [started] = await db
    .update(orders)
    .set({ paymentStartedAt: at === undefined ? sql`now()` : sql`${at}::timestamptz` })
    .where(eq(orders.id, orderId))
    .returning({ totalAmountCents: orders.totalAmountCents, itemsVersion: orders.itemsVersion });
  return started;
}

/** A payment's columns, written with the move to 'paid' (`writeOrderStatus`). */
export function paymentColumns(transactionId: string, paidAt: Date | SQL) {
  return { paymentId: transactionId, paymentStatus: "PAID", paymentDate: paidAt };
}

/**
 * Claims the order's label for one request, in one statement: only when it has none and no other
 * request holds a claim younger than `claimSeconds`. Whether it was claimed.
 */
export async function claimOrderLabel(
  db: Queryable,
  orderId: string,
  claimSeconds: number,
): Promise<boolean> {
  const claimed = await db
    .update(orders)
    .set({ labelRequestedAt: sql`now()` })
    .where(
      and(
        eq(orders.id, orderId),
        isNull(orders.shippingLabelPath),
        or(
          isNull(orders.labelRequestedAt),
          lt(orders.labelRequestedAt, sql`now() - make_interval(secs => ${claimSeconds})`),
        ),
      ),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** Gives the order's label claim up (the call failed): another request may try at once. */
export async function releaseOrderLabelClaim(db: Queryable, orderId: string): Promise<void> {
  await db.update(orders).set({ labelRequestedAt: null }).where(eq(orders.id, orderId));
}

/**
 * Records the stored label on the order, only if no other label was recorded meanwhile (false
 * then), and gives the parcel's other orders its number (the customer follows them), all updated
 * `at`. Run it in a transaction: the two statements go together.
 */
export async function recordOrderLabel(
  tx: Queryable,
  orderId: string,
  label: { path: string; trackingNumber: string },
  at: Date,
): Promise<boolean> {
  const recorded = await tx
    .update(orders)
    .set({
      shippingLabelPath: label.path,
      trackingId: label.trackingNumber,
      labelRequestedAt: null,
      updatedAt: at,
    })
    .where(and(eq(orders.id, orderId), isNull(orders.shippingLabelPath)))
    .returning({ id: orders.id });
  if (recorded.length === 0) return false;
  await tx
    .update(orders)
    .set({ trackingId: label.trackingNumber, updatedAt: at })
    .where(eq(orders.parcelLeadId, orderId));
  return true;
}

/**
 * Clears the order's label and number if it still has this label (false otherwise), and the
 * number its parcel's other orders got from it. Run it in a transaction.
 */
export async function clearOrderLabel(
  tx: Queryable,
  orderId: string,
  label: { path: string; trackingId: string | null },
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(orders)
    .set({ shippingLabelPath: null, trackingId: null, updatedAt: at })
    .where(and(eq(orders.id, orderId), eq(orders.shippingLabelPath, label.path)))
    .returning({ id: orders.id });
  if (rows.length > 0 && label.trackingId) {
    await tx
      .update(orders)
      .set({ trackingId: null, updatedAt: at })
      .where(and(eq(orders.parcelLeadId, orderId), eq(orders.trackingId, label.trackingId)));
  }
  return rows.length > 0;
}

/**
 * Puts the order in the parcel led by `leadId`. When `waivesFee`, its shipping fee is set aside
 * (kept in waived_shipping_fee_cents): that changes what the order costs, so a payment form issued
 * for the old total no longer pays (items_version), and the total follows by trigger.
 */
export async function joinOrderToParcel(
  tx: Queryable,
  orderId: string,
  leadId: string,
  waivesFee: boolean,
): Promise<void> {
  await tx.execute(sql`
    UPDATE orders SET parcel_lead_id = ${leadId},
      waived_shipping_fee_cents = CASE WHEN ${waivesFee} THEN coalesce(waived_shipping_fee_cents, 0) + shipping_fee_cents ELSE waived_shipping_fee_cents END,
      shipping_fee_cents = CASE WHEN ${waivesFee} THEN 0 ELSE shipping_fee_cents END,
      items_version = CASE WHEN ${waivesFee} THEN items_version + 1 ELSE items_version END,
      updated_at = now()
    WHERE id = ${orderId}`);
}

/** Notes that the customer was reminded of the order's holds (once per order). */
export async function markClaimReminderSent(tx: Queryable, orderId: string): Promise<void> {
  await tx.execute(sql`UPDATE orders SET claim_reminder_sent_at = now() WHERE id = ${orderId}`);
}

/**
 * Gives every order of one user to another (a merge of two accounts, or a customer taking a live
 * viewer's row): the caller holds both users' locks. The orders moved, each with its number.
 */
export function moveOrdersToUser(tx: Queryable, fromUserId: string, toUserId: string) {
  return tx
    .update(orders)
    .set({ userId: toUserId, updatedAt: sql`now()` })
    .where(eq(orders.userId, fromUserId))
    .returning({ id: orders.id, orderNumber: orders.orderNumber });
}
