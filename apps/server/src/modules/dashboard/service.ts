import {
  DASHBOARD_CHART_LIVES,
  ORDER_STATUSES,
  SHOP_TIME_ZONE,
  liveFiguresMessages,
  type Dashboard,
  type LiveFiguresDetail,
  type LiveFiguresOverview,
  type OrderStatus,
} from "@vitrine/domain";
import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { lives, products } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { holdsItsPieces, isHeld, paidPiecesCents } from "../orders";
import {
  readComparedLives,
  readDefaultLiveId,
  readLiveChoices,
  readLiveFigures,
  readLivePlatformFigures,
  readLivePerMinute,
} from "./live-figures";

/** The start of the shop's current week (Monday) or month, as an instant. */
const startOfShop = (unit: "week" | "month") =>
  sql`(date_trunc(${unit}, now() AT TIME ZONE ${SHOP_TIME_ZONE}) AT TIME ZONE ${SHOP_TIME_ZONE})`;

const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export function createDashboardService({ db }: { db: Queryable }) {
  async function userFigures() {
    const { rows } = await db.execute<{ total: number; new_this_week: number }>(sql`
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE created_at >= ${startOfShop("week")}))::int AS new_this_week
      FROM users WHERE NOT is_admin`);
    return { total: rows[0]?.total ?? 0, newThisWeek: rows[0]?.new_this_week ?? 0 };
  }

  async function productFigures() {
    const { rows } = await db.execute<{ total: number; unsold: number }>(sql`
      SELECT count(*)::int AS total,
             (count(*) FILTER (WHERE ${lives.isActive} AND NOT ${isHeld(products.id)}))::int AS unsold
      FROM ${products} JOIN ${lives} ON ${lives.id} = ${products.liveId}`);
    return { total: rows[0]?.total ?? 0, unsoldInActiveLives: rows[0]?.unsold ?? 0 };
  }

  async function orderFigures() {
    const byStatus = await db.execute<{ status: string; count: number }>(sql`
      SELECT status::text AS status, count(*)::int AS count FROM orders GROUP BY status`);
    const revenue = await db.execute<{ cents: number }>(sql`
      SELECT ${paidPiecesCents(sql`coalesce(o.payment_date, o.order_date) >= ${startOfShop("month")}`)}::int AS cents`);
    const counts = new Map(byStatus.rows.map((row) => [row.status, row.count]));
    return {
      total: byStatus.rows.reduce((sum, row) => sum + row.count, 0),
      byStatus: ORDER_STATUSES.filter(isOrderStatus).map((status) => ({
        status,
        count: counts.get(status) ?? 0,
      })),
      revenuePaidThisMonthCents: revenue.rows[0]?.cents ?? 0,
    };
  }

  async function latestLives() {
    const { rows } = await db.execute<{
      id: string;
      title: string;
      live_date: string;
      revenue_cents: number;
      items_sold: number;
    }>(sql`
      SELECT l.id, l.title, to_char(l.live_date AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS live_date,
             ${paidPiecesCents(sql`o.live_id = l.id`)}::int AS revenue_cents,
             coalesce((SELECT sum(oi.quantity) FROM order_items oi JOIN orders o ON o.id = oi.order_id
                       WHERE o.live_id = l.id AND ${holdsItsPieces(sql`o.status`)}), 0)::int AS items_sold
      FROM (SELECT * FROM lives ORDER BY live_date DESC LIMIT ${DASHBOARD_CHART_LIVES}) l
      ORDER BY l.live_date ASC`);
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      liveDate: row.live_date,
      revenueCents: row.revenue_cents,
      itemsSold: row.items_sold,
    }));
  }

  return {
    /** The back office's home figures, each read in one query. */
    async getDashboard(): Promise<Dashboard> {
      const [users, products, orders, lives] = await Promise.all([
        userFigures(),
        productFigures(),
        orderFigures(),
        latestLives(),
      ]);
      return { users, products, orders, lives };
    },

    /** The selector's lives, the one shown first, and the figures of the last lives side by side. */
    async getLivesOverview(): Promise<LiveFiguresOverview> {
      const [lives, defaultLiveId, comparison] = await Promise.all([
        readLiveChoices(db),
        readDefaultLiveId(db),
        readComparedLives(db),
      ]);
      return { lives, defaultLiveId, comparison };
    },

    /** One live's figures, its revenue per minute and its share of each platform. */
    async getLiveFigures(liveId: string): Promise<LiveFiguresDetail> {
      const [figures, perMinute, byPlatform] = await Promise.all([
        readLiveFigures(db, liveId),
        readLivePerMinute(db, liveId),
        readLivePlatformFigures(db, liveId),
      ]);
      if (!figures) throw new DomainError("NOT_FOUND", liveFiguresMessages.liveNotFound);
      return { figures, perMinute, byPlatform };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
