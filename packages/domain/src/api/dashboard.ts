import { z } from "zod";
import { ORDER_STATUSES } from "../order-status";

export const DASHBOARD_CHART_LIVES = 10;

export const dashboardSchema = z.object({
  users: z.object({
    /** Customers (not staff). */
    total: z.number().int(),
    /** Customers created since Monday 00:00, shop time. */
    newThisWeek: z.number().int(),
  }),
  products: z.object({
    total: z.number().int(),
    /** Products of active lives that no order holds. */
    unsoldInActiveLives: z.number().int(),
  }),
  orders: z.object({
    total: z.number().int(),
    byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
    /** Paid orders of the current calendar month, shop time, in cents. */
    revenuePaidThisMonthCents: z.number().int(),
  }),
  /** The latest lives, oldest first, for the chart. */
  lives: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      liveDate: z.string(),
      revenueCents: z.number().int(),
      itemsSold: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ dashboard: dashboardSchema });
