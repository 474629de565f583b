import {
  LATE_PAYMENT_REFUSALS,
  latePaymentMessages,
  type LatePaymentPiece,
  type LatePaymentRefusal,
} from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { DomainError } from "../../http/errors";
import { orderRefusal } from "../orders";

/*
 * Payments that reach the shop after the hold of the pieces they paid for ended (decision 036,
 * migration holds_and_late_payments): the database links them to those holds when the payment to
 * review is written; this reads them for staff and gives the pieces back to the payer.
 */

/** The job that takes back the strikes of a late payment's holds (added by SQL with the review). */
export const LATE_PAYMENT_STRIKES_TASK = "late_payment_strikes";

/** A late payment as staff see it: the pieces, and why they cannot go back to the payer now. */
export interface LatePayment {
  pieces: LatePaymentPiece[];
  giveBackRefusal: string | null;
}

const isRefusal = (value: string): value is LatePaymentRefusal =>
  (LATE_PAYMENT_REFUSALS as readonly string[]).includes(value);

function refusalMessage(refusal: string, ref: number | null): string {
  return latePaymentMessages.giveBackRefused(isRefusal(refusal) ? refusal : "not-late", ref);
}

/** The late payments among these payments to review, by review id (a review absent: not late). */
export async function readLatePayments(
  db: Queryable,
  reviewIds: string[],
  rules: string,
): Promise<Map<string, LatePayment>> {
  const late = new Map<string, LatePayment>();
  if (reviewIds.length === 0) return late;
  const { rows: pieces } = await db.execute<{
    review_id: string;
    product_id: string;
    ref: number;
    name: string;
    price_cents: number;
    held_by: string | null;
    held_by_paid: boolean;
  }>(sql`
    SELECT h.late_payment_review_id AS review_id, p.id AS product_id, p.ref, p.name, p.price_cents,
           k.handle AS held_by,
           coalesce(k.state = 'in-order'
                    AND NOT coalesce(ko.status = ANY (live_claim_editable(${rules}::jsonb)), false),
                    false) AS held_by_paid
      FROM expired_holds h
      JOIN live_claims c ON c.id = h.claim_id
      JOIN products p ON p.id = c.product_id
      LEFT JOIN live_claims k ON k.product_id = c.product_id AND k.state IN ('pending', 'in-order')
      LEFT JOIN orders ko ON ko.id = k.order_id
     WHERE h.late_payment_review_id = ANY(${sql.param(reviewIds)}::uuid[])
     ORDER BY p.ref`);
  for (const row of pieces) {
    const payment = late.get(row.review_id) ?? { pieces: [], giveBackRefusal: null };
    payment.pieces.push({
      productId: row.product_id,
      ref: Number(row.ref),
      name: row.name,
      priceCents: row.price_cents,
      heldBy: row.held_by,
      heldByPaid: row.held_by_paid,
    });
    late.set(row.review_id, payment);
  }
  if (late.size === 0) return late;
  const { rows: refusals } = await db.execute<{ id: string; refusal: string | null; ref: number | null }>(sql`
    SELECT r.id, g.refusal, g.ref
      FROM unnest(${sql.param([...late.keys()])}::uuid[]) AS r(id),
           late_payment_give_back_refusal(r.id, ${rules}::jsonb) AS g`);
  for (const row of refusals) {
    const payment = late.get(row.id);
    if (payment && row.refusal) payment.giveBackRefusal = refusalMessage(row.refusal, row.ref);
  }
  return late;
}

/** Whether the payment to review came after the end of a hold it paid for. */
export async function isLatePayment(db: Queryable, reviewId: string): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM expired_holds h WHERE h.late_payment_review_id = ${reviewId} LIMIT 1`,
  );
  return rows.length > 0;
}

/** What a give-back changed: the live whose claims and orders moved, and the pieces given back. */
export interface GivenBack {
  liveId: string;
  orders: string[];
  refs: number[];
}

/**
 * Gives a late payment's pieces back to its payer, in the caller's transaction, which must hold
 * the review's lock and then settle the review as the order's payment. A refusal (someone paid
 * for a piece since, the order no longer waits for payment...) throws its French CONFLICT and has
 * changed nothing.
 */
export async function giveLatePaymentPiecesBack(
  tx: Queryable,
  reviewId: string,
  rules: string,
): Promise<GivenBack> {
  let outcome: { refusal?: string; ref?: number | null; liveId?: string; orders?: string[]; refs?: number[] };
  try {
    const { rows } = await tx.execute<{ outcome: typeof outcome }>(
      sql`SELECT late_payment_give_back(${reviewId}, ${rules}::jsonb) AS outcome`,
    );
    outcome = rows[0]?.outcome ?? { refusal: "not-late" };
  } catch (error) {
    throw orderRefusal(error);
  }
  if (outcome.refusal)
    throw new DomainError("CONFLICT", refusalMessage(outcome.refusal, outcome.ref ?? null));
  return { liveId: outcome.liveId ?? "", orders: outcome.orders ?? [], refs: outcome.refs ?? [] };
}
