import * as z from "zod/mini";
import { ORDER_STATUSES } from "../order-status";

export const DASHBOARD_CHART_LIVES = 10;

export const dashboardSchema = z.object({
  users: z.object({
    /** Customers (not staff). */
    total: z.int(),
    /** Customers created since Monday 00:00, shop time. */
    newThisWeek: z.int(),
  }),
  products: z.object({
    total: z.int(),
    /** Products of active lives that no order holds. */
    unsoldInActiveLives: z.int(),
  }),
  orders: z.object({
    total: z.int(),
    byStatus: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.int() })),
    /** Revenue (decision 042) of the orders paid this calendar month, shop time, in cents. */
    revenuePaidThisMonthCents: z.int(),
  }),
  /** The latest lives, oldest first, for the chart. */
  lives: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      liveDate: z.string(),
      /** The live's revenue (decision 042): pieces of its paid orders, shipping apart. */
      revenueCents: z.int(),
      itemsSold: z.int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ dashboard: dashboardSchema });
