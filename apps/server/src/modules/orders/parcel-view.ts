import type { CustomerParcel } from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/**
 * The parcel each of these orders travels in, as its customer reads it (combined parcels,
 * decision 033): whether it leads or rides along, the parcel's other orders, and the fee it rode
 * without or got back. Orders travelling alone are absent from the map.
 */
export async function customerParcelsOf(
  db: Queryable,
  orderIds: readonly string[],
): Promise<Map<string, CustomerParcel>> {
  if (orderIds.length === 0) return new Map();
  const { rows } = await db.execute<{
    id: string;
    is_lead: boolean;
    lead_number: string;
    others: string[];
    waived: number | null;
    refunded: number | null;
  }>(sql`
    WITH asked AS (
      SELECT o.id, coalesce(o.parcel_lead_id, o.id) AS lead_id, o.parcel_lead_id IS NULL AS is_lead,
             o.waived_shipping_fee_cents AS waived
      FROM orders o
      WHERE o.id = ANY(${sql.param(orderIds)}::uuid[])
        AND (o.parcel_lead_id IS NOT NULL OR EXISTS (SELECT 1 FROM orders m WHERE m.parcel_lead_id = o.id)))
    SELECT a.id, a.is_lead, lead.order_number AS lead_number, a.waived,
      coalesce((SELECT array_agg(p.order_number ORDER BY p.order_date, p.id) FROM orders p
                WHERE (p.id = a.lead_id OR p.parcel_lead_id = a.lead_id) AND p.id <> a.id
                  AND p.user_id = lead.user_id AND p.status <> 'cancelled-by-admin'), '{}') AS others,
      (SELECT sum(r.amount_cents)::int FROM order_refunds r
       WHERE r.order_id = a.id AND r.reason = 'combined-shipping' AND r.state = 'done') AS refunded
    FROM asked a JOIN orders lead ON lead.id = a.lead_id`);
  return new Map(
    rows.map((row) => [
      row.id,
      {
        role: row.is_lead ? "lead" : "member",
        leadOrderNumber: row.lead_number,
        otherOrderNumbers: row.others,
        waivedShippingFeeCents: row.waived,
        refundedShippingFeeCents: row.refunded,
      } satisfies CustomerParcel,
    ]),
  );
}
