import {
  PAID_ORDER_STATUS,
  PARCEL_JOINABLE_STATUSES,
  chooseParcelLead,
  isParcelUnpaidStatus,
  parcelMessages,
  parcelRefusal,
  userDisplayName,
  type OrderStatus,
  type Parcel,
  type ParcelCandidate,
  type ParcelSuggestion,
} from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Database, Queryable, Transaction } from "../../db/client";
import { orderStatusArray } from "../../db/order-status-sql";
import { DomainError } from "../../http/errors";
import { isUuid } from "../../http/uuid";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { joinOrderToParcel } from "../orders";
import { makeRefund, requestRefund, type RefundIntent } from "../refunds";
import { LABEL_CLAIM_SECONDS } from "../shipping-labels";

/** An order as the parcels read it, locked or not. */
type ParcelRow = {
  id: string;
  order_number: string;
  user_id: string;
  status: OrderStatus;
  order_date: Date | string;
  shipping_address: unknown;
  shipping_label_path: string | null;
  tracking_id: string | null;
  parcel_lead_id: string | null;
  shipping_fee_cents: number;
  waived_shipping_fee_cents: number | null;
  total_amount_cents: number;
  /** Whether other orders point at it. */
  leads_parcel: boolean;
  /** Its label exists or is being made right now (a live claim): the parcel is closed. */
  labelled: boolean;
};

const ROW_COLUMNS = sql.raw(`o.id, o.order_number, o.user_id, o.status, o.order_date, o.shipping_address,
  o.shipping_label_path, o.tracking_id, o.parcel_lead_id, o.shipping_fee_cents,
  o.waived_shipping_fee_cents, o.total_amount_cents,
  EXISTS (SELECT 1 FROM orders m WHERE m.parcel_lead_id = o.id) AS leads_parcel,
  (o.shipping_label_path IS NOT NULL
   OR o.label_requested_at > now() - make_interval(secs => ${LABEL_CLAIM_SECONDS})) AS labelled`);

const notFound = () => new DomainError("NOT_FOUND", parcelMessages.notFound);

/** The orders a combine touches: those asked for, the parcels they are in, and those parcels' members. */
async function closureOf(db: Queryable, ids: readonly string[]): Promise<string[]> {
  const { rows } = await db.execute<{ id: string }>(sql`
    WITH asked AS (SELECT id, parcel_lead_id FROM orders WHERE id = ANY(${sql.param(ids)}::uuid[])),
         leads AS (SELECT coalesce(parcel_lead_id, id) AS id FROM asked)
    SELECT id FROM leads
    UNION SELECT o.id FROM orders o JOIN leads l ON o.parcel_lead_id = l.id
    ORDER BY id`);
  return rows.map((row) => row.id);
}

/**
 * Locks these orders in id order (two staff at once lock in one order: no deadlock, one waits),
 * then reads them as they now are. FOR NO KEY UPDATE: a refund being asked meanwhile, which holds
 * the refunds' lock and only needs the order's key, is not kept waiting (see lockOrderRefunds).
 */
async function lockRows(tx: Transaction, ids: readonly string[]): Promise<ParcelRow[]> {
  await tx.execute(
    sql`SELECT id FROM orders WHERE id = ANY(${sql.param(ids)}::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
  );
  const { rows } = await tx.execute<ParcelRow>(
    sql`SELECT ${ROW_COLUMNS} FROM orders o WHERE o.id = ANY(${sql.param(ids)}::uuid[]) ORDER BY o.id`,
  );
  return rows;
}

/** What a combine or a split must lock, locked: retried once if the parcels moved meanwhile. */
async function lockClosure(tx: Transaction, ids: readonly string[]): Promise<ParcelRow[]> {
  for (let attempt = 0; ; attempt++) {
    const closure = await closureOf(tx, ids);
    const rows = await lockRows(tx, closure);
    const again = await closureOf(tx, ids);
    if (again.length === closure.length && again.every((id, index) => id === closure[index])) return rows;
    if (attempt > 0) throw new DomainError("CONFLICT", parcelMessages.combineFailed);
  }
}

function candidateOf(row: ParcelRow, numbers: Map<string, string>): ParcelCandidate {
  return {
    id: row.id,
    orderNumber: row.order_number,
    userId: row.user_id,
    status: row.status,
    orderDate: row.order_date,
    shippingAddress: row.shipping_address,
    hasLabel: row.labelled,
    parcelLeadId: row.parcel_lead_id,
    parcelLeadNumber: row.parcel_lead_id ? (numbers.get(row.parcel_lead_id) ?? null) : null,
  };
}

/** A parcel as staff read it: its lead, then its members (cancelled ones have left already). */
export async function parcelView(db: Queryable, leadId: string): Promise<Parcel | null> {
  const { rows } = await db.execute<ParcelRow & { refunded_cents: number | null }>(sql`
    SELECT ${ROW_COLUMNS},
      (SELECT sum(r.amount_cents)::int FROM order_refunds r
       WHERE r.order_id = o.id AND r.reason = 'combined-shipping' AND r.state = 'done') AS refunded_cents
    FROM orders o
    WHERE o.id = ${leadId} OR o.parcel_lead_id = ${leadId}
    ORDER BY (o.id = ${leadId}) DESC, o.order_date, o.id`);
  const lead = rows[0];
  if (!lead || lead.id !== leadId || rows.length < 2) return null;
  return {
    leadId: lead.id,
    leadOrderNumber: lead.order_number,
    hasLabel: lead.shipping_label_path !== null,
    trackingId: lead.tracking_id,
    orders: rows.map((row) => ({
      id: row.id,
      orderNumber: row.order_number,
      status: row.status,
      isLead: row.id === leadId,
      shippingFeeCents: row.shipping_fee_cents,
      waivedShippingFeeCents: row.waived_shipping_fee_cents,
      refundedShippingFeeCents: row.refunded_cents,
      totalAmountCents: row.total_amount_cents,
    })),
  };
}

/** The lead of the parcel this order is in, or null when it travels alone. */
async function leadOf(db: Queryable, orderId: string): Promise<string | null> {
  const { rows } = await db.execute<{ lead: string | null }>(sql`
    SELECT coalesce(o.parcel_lead_id,
                    CASE WHEN EXISTS (SELECT 1 FROM orders m WHERE m.parcel_lead_id = o.id) THEN o.id END) AS lead
    FROM orders o WHERE o.id = ${orderId}`);
  if (rows.length === 0) throw notFound();
  return rows[0]!.lead;
}

type CombineOutcome = { parcel: Parcel } | { refused: string };

/** The orders that join the parcel of `leadId`: every one not already in it. */
function joining(rows: ParcelRow[], leadId: string): ParcelRow[] {
  return rows.filter((row) => row.id !== leadId && row.parcel_lead_id !== leadId);
}

/**
 * A paid order joining a parcel gets its fee back, once per payment: a fee already given back
 * (or on its way) on the payment that pays the order now is not given again after a split and
 * a new combine; an order paid again after a refund has a new payment, and its fee is owed anew.
 */
async function owesFeeRefund(db: Queryable, member: ParcelRow): Promise<boolean> {
  if (member.status !== PAID_ORDER_STATUS || member.shipping_fee_cents === 0) return false;
  const { rows } = await db.execute<{ given: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM order_refunds r
      WHERE r.reason = 'combined-shipping' AND r.state <> 'refused'
        AND r.transaction_id = (SELECT t.transaction_id FROM payment_transactions t WHERE t.order_id = ${member.id}
                                ORDER BY t.created_at DESC, t.transaction_id LIMIT 1)) AS given`);
  return !rows[0]?.given;
}

export interface ParcelServiceDeps {
  db: Database;
  provider: PaymentProvider;
  /** PARCEL_COMBINE_DAYS (0: never). */
  combineDays: number;
}

/** Combined parcels (decision 033): one parcel, one label, one fee per customer. */
export function createParcelService({ db, provider, combineDays }: ParcelServiceDeps) {
  /** Reads the refusal of these orders as one parcel, or what the parcel would be. */
  function decide(rows: ParcelRow[], askedIds: readonly string[]) {
    const numbers = new Map(rows.map((row) => [row.id, row.order_number]));
    const asked = new Set(askedIds);
    // The parcel being joined: the one an asked order already travels in (leads or belongs to).
    const existingLeadId =
      rows.find((row) => asked.has(row.id) && (row.parcel_lead_id || row.leads_parcel))?.parcel_lead_id ??
      rows.find((row) => asked.has(row.id) && row.leads_parcel)?.id ??
      null;
    const candidates = rows.map((row) => candidateOf(row, numbers));
    const refusal = parcelRefusal(candidates, { combineDays, existingLeadId });
    const lead = refusal ? null : chooseParcelLead(candidates, existingLeadId);
    return { refusal, lead, existingLeadId };
  }

  return {
    parcelView: (leadId: string) => parcelView(db, leadId),

    /**
     * Puts these orders in one parcel. The lead is the parcel one of them already leads, else the
     * earliest paid order. A member not paid yet rides free (its fee set aside); one already paid
     * gets its fee back through the provider, once per payment whatever combines and splits came
     * before. Three steps, so that no order stays locked while the provider answers: the orders
     * are locked, the rule checked and the fee refunds written `requested`; the provider is
     * asked; the orders are locked again, the rule checked again and the parcel made. A member
     * whose refund did not go through stays out; if one did not, the others join only when their
     * fee went back (money gone must not leave them paying a fee twice), and staff read why.
     */
    async combine(orderIds: readonly string[], actorUserId: string, log: FastifyBaseLogger): Promise<Parcel> {
      const ids = [...new Set(orderIds)];
      const intents = await db.transaction(async (tx) => {
        const rows = await lockClosure(tx, ids);
        if (ids.some((id) => !rows.some((row) => row.id === id))) throw notFound();
        const { refusal, lead } = decide(rows, ids);
        if (refusal || !lead) throw new DomainError("CONFLICT", refusal ?? parcelMessages.combineFailed);
        const owed: RefundIntent[] = [];
        for (const member of joining(rows, lead.id)) {
          if (!(await owesFeeRefund(tx, member))) continue;
          owed.push(
            await requestRefund(tx, provider, {
              orderId: member.id,
              reason: "combined-shipping",
              amountCents: member.shipping_fee_cents,
              actorUserId,
              comment: `Frais de port de ${member.order_number} : colis commun avec ${lead.orderNumber}`,
            }),
          );
        }
        return owed;
      });

      let failure: { orderId: string; message: string } | undefined;
      for (const intent of intents) {
        const outcome = await makeRefund(db, provider, intent, log);
        if (outcome.state !== "done") failure ??= { orderId: intent.orderId, message: outcome.message };
      }

      const outcome = await db.transaction(async (tx): Promise<CombineOutcome> => {
        const rows = await lockClosure(tx, ids);
        if (ids.some((id) => !rows.some((row) => row.id === id))) throw notFound();
        const { refusal, lead } = decide(rows, ids);
        if (refusal || !lead) throw new DomainError("CONFLICT", refusal ?? parcelMessages.combineFailed);
        const candidates = joining(rows, lead.id);
        const refunded = new Set(
          intents.filter((intent) => intent.orderId !== failure?.orderId).map((intent) => intent.orderId),
        );
        const joiningNow = [];
        for (const member of candidates) {
          if (failure ? refunded.has(member.id) : !(await owesFeeRefund(tx, member))) joiningNow.push(member);
        }
        for (const member of joiningNow) {
          const waives = isParcelUnpaidStatus(member.status) && member.shipping_fee_cents > 0;
          await joinOrderToParcel(tx, member.id, lead.id, waives);
        }
        if (failure) {
          const refusedNumber = rows.find((row) => row.id === failure?.orderId)?.order_number ?? "";
          return { refused: parcelMessages.refundRefused(refusedNumber, failure.message) };
        }
        const parcel = await parcelView(tx, lead.id);
        if (!parcel) throw new DomainError("CONFLICT", parcelMessages.combineFailed);
        return { parcel };
      });
      if ("refused" in outcome) throw new DomainError("PAYMENT_PROVIDER_FAILED", outcome.refused);
      return outcome.parcel;
    },

    /**
     * 'Séparer': a member leaves its parcel, or, asked of the lead, the whole parcel is undone;
     * refused once the lead has its label. A member that rode free gets its fee back while still
     * unpaid; a paid one ships on its own at the shop's cost (its fee was refunded or set aside).
     */
    async split(orderId: string): Promise<Parcel | null> {
      if (!isUuid(orderId)) throw notFound();
      return db.transaction(async (tx) => {
        const rows = await lockClosure(tx, [orderId]);
        const order = rows.find((row) => row.id === orderId);
        if (!order) throw notFound();
        const leadId = order.parcel_lead_id ?? (order.leads_parcel ? order.id : null);
        if (!leadId) throw new DomainError("CONFLICT", parcelMessages.notInParcel(order.order_number));
        const lead = rows.find((row) => row.id === leadId);
        if (!lead) throw notFound();
        if (lead.labelled) throw new DomainError("CONFLICT", parcelMessages.splitLabelled(lead.order_number));
        const leaving = leadId === orderId ? rows.filter((row) => row.parcel_lead_id === leadId) : [order];
        for (const member of leaving) {
          await tx.execute(sql`SELECT orders_parcel_free(${member.id}::uuid, ${lead.tracking_id}::text)`);
        }
        return parcelView(tx, leadId);
      });
    },

    /** The order's parcel, and the paid orders whose parcel it may join (an unpaid order only). */
    async ofOrder(orderId: string) {
      if (!isUuid(orderId)) throw notFound();
      const leadId = await leadOf(db, orderId);
      if (leadId) return { parcel: await parcelView(db, leadId), joinable: [] };
      const { rows: own } = await db.execute<ParcelRow>(
        sql`SELECT ${ROW_COLUMNS} FROM orders o WHERE o.id = ${orderId}`,
      );
      const order = own[0];
      if (!order || !isParcelUnpaidStatus(order.status)) return { parcel: null, joinable: [] };
      const { rows: leads } = await db.execute<{ id: string; order_number: string }>(sql`
        SELECT o.id, o.order_number FROM orders o
        WHERE o.user_id = ${order.user_id} AND o.status = ${PAID_ORDER_STATUS} AND o.parcel_lead_id IS NULL
          AND o.shipping_label_path IS NULL AND o.id <> ${orderId}
        ORDER BY o.order_date, o.id`);
      const joinable: { leadId: string; orderNumber: string }[] = [];
      for (const lead of leads) {
        const closure = await closureOf(db, [lead.id, orderId]);
        const { rows } = await db.execute<ParcelRow>(
          sql`SELECT ${ROW_COLUMNS} FROM orders o WHERE o.id = ANY(${sql.param(closure)}::uuid[])`,
        );
        if (!decide(rows, [lead.id, orderId]).refusal)
          joinable.push({ leadId: lead.id, orderNumber: lead.order_number });
      }
      return { parcel: null, joinable };
    },

    /**
     * The customers whose orders could travel together, each with the parcel the board would make:
     * the parcel they already have (or their earliest paid order) and every other order of theirs
     * the rule accepts beside it.
     */
    async suggestions(): Promise<ParcelSuggestion[]> {
      if (combineDays <= 0) return [];
      const { rows } = await db.execute<
        ParcelRow & {
          first_name: string | null;
          last_name: string | null;
          display_name: string | null;
          tiktok_username: string | null;
          email: string | null;
        }
      >(sql`
        SELECT ${ROW_COLUMNS}, u.first_name, u.last_name, u.display_name, u.tiktok_username, u.email
        FROM orders o JOIN users u ON u.id = o.user_id
        WHERE o.status = ANY (${orderStatusArray(PARCEL_JOINABLE_STATUSES)}) AND o.shipping_label_path IS NULL
          AND o.shipping_address IS NOT NULL
          AND o.user_id IN (SELECT user_id FROM orders WHERE status = ${PAID_ORDER_STATUS} AND shipping_label_path IS NULL
                            GROUP BY user_id HAVING count(*) FILTER (WHERE parcel_lead_id IS NULL) >= 1)
        ORDER BY o.user_id, o.order_date, o.id`);
      const byUser = new Map<string, typeof rows>();
      for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row]);
      const suggestions: ParcelSuggestion[] = [];
      for (const orders of byUser.values()) {
        const numbers = new Map(orders.map((row) => [row.id, row.order_number]));
        const anchor =
          orders.find((row) => row.leads_parcel && row.status === PAID_ORDER_STATUS) ??
          orders.find((row) => row.status === PAID_ORDER_STATUS && row.parcel_lead_id === null);
        if (!anchor) continue;
        const existingLeadId = anchor.leads_parcel ? anchor.id : null;
        const group = orders.filter((row) => row.id === anchor.id || row.parcel_lead_id === anchor.id);
        const added: typeof rows = [];
        for (const row of orders) {
          if (group.includes(row) || row.parcel_lead_id !== null || row.leads_parcel) continue;
          const trial = [...group, ...added, row].map((candidate) => candidateOf(candidate, numbers));
          if (!parcelRefusal(trial, { combineDays, existingLeadId })) added.push(row);
        }
        if (added.length === 0) continue;
        const customer = orders[0]!;
        suggestions.push({
          customer: {
            id: customer.user_id,
            name: userDisplayName({
              firstName: customer.first_name,
              lastName: customer.last_name,
              displayName: customer.display_name,
              tiktokUsername: customer.tiktok_username,
              email: customer.email,
            }),
          },
          leadId: anchor.id,
          orders: [...group, ...added].map((row) => ({
            id: row.id,
            orderNumber: row.order_number,
            status: row.status,
            shippingFeeCents: row.shipping_fee_cents,
            totalAmountCents: row.total_amount_cents,
            inParcel: group.includes(row),
          })),
          feeSavedCents: added
            .filter((row) => isParcelUnpaidStatus(row.status))
            .reduce((sum, row) => sum + row.shipping_fee_cents, 0),
          refundCents: added
            .filter((row) => row.status === PAID_ORDER_STATUS)
            .reduce((sum, row) => sum + row.shipping_fee_cents, 0),
        });
      }
      return suggestions;
    },
  };
}

export type ParcelService = ReturnType<typeof createParcelService>;
