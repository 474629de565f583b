import {
  csvCents,
  csvDateTime,
  csvText,
  isRealEmail,
  livePlatformLabels,
  liveSaleStateLabels,
  orderStatusLabels,
  PAID_ORDER_STATUSES,
  type LivePlatform,
  type LiveSaleState,
  type OrderStatus,
  userFullName,
  viewerLabel,
  viewerPlatform,
} from "@vitrine/domain";
import type { OrderExportRow } from "../admin-orders";
import { linePlatformSql } from "../live-claims";

/** How a buyer is named in a file: first and last name, else the name they go by. */
function personName(row: { firstName: string | null; lastName: string | null; displayName: string | null }) {
  return userFullName(row) || (row.displayName ?? "");
}

/** A live viewer's placeholder address is no mailbox: the file shows none, as the screens do. */
const mailbox = (email: string | null) => (isRealEmail(email) ? email : "");

export function orderRecord(row: OrderExportRow): string[] {
  return [
    csvText(row.orderNumber),
    csvDateTime(row.orderDate),
    orderStatusLabels[row.status],
    csvText(personName(row)),
    csvText(mailbox(row.email)),
    csvText(row.tiktokUsername),
    csvText(row.liveTitle),
    csvCents(row.totalAmountCents),
  ];
}

/**
 * Each piece of a live with the line that holds it (at most one: a piece is sold once), that line's
 * order, buyer and platform, and whether anyone claimed or ordered it before (a released claim or
 * line).
 */
export const LIVE_SALES_SQL = `
  SELECT p.ref, p.name, pc.name AS "colorName", p.size, p.price_cents AS "productPriceCents",
         h.price_cents AS "linePriceCents", o.order_number AS "orderNumber", o.status,
         u.tiktok_username AS "tiktokUsername", u.first_name AS "firstName", u.last_name AS "lastName",
         u.display_name AS "displayName", u.email,
         CASE WHEN h.id IS NOT NULL THEN ${linePlatformSql("h", "u.tiktok_username")} END AS platform,
         (EXISTS (SELECT 1 FROM live_claims c WHERE c.product_id = p.id AND c.state = 'released')
          OR EXISTS (SELECT 1 FROM order_items r WHERE r.product_id = p.id AND r.is_released)) AS "wasReleased"
    FROM products p
    LEFT JOIN product_colors pc ON pc.id = p.color_id
    LEFT JOIN order_items h ON h.product_id = p.id AND NOT h.is_released
    LEFT JOIN orders o ON o.id = h.order_id
    LEFT JOIN users u ON u.id = o.user_id
   WHERE p.live_id = $1
   ORDER BY p.ref`;

export interface LiveSaleRow {
  ref: number;
  name: string;
  colorName: string | null;
  size: string | null;
  productPriceCents: number;
  linePriceCents: number | null;
  orderNumber: string | null;
  status: OrderStatus | null;
  tiktokUsername: string | null;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
  platform: LivePlatform | null;
  wasReleased: boolean;
}

export function liveSaleState(row: Pick<LiveSaleRow, "status" | "wasReleased">): LiveSaleState {
  if (row.status !== null) {
    return (PAID_ORDER_STATUSES as readonly string[]).includes(row.status) ? "paid" : "held";
  }
  return row.wasReleased ? "released" : "unsold";
}

/** The 'Pseudo TikTok' column holds TikTok handles only: another platform's key is an author id. */
function tiktokHandle(key: string | null): string | null {
  return key !== null && viewerPlatform(key) !== "tiktok" ? null : key;
}

/** A buyer of another platform without a name is still named, by their platform. */
function buyerName(row: LiveSaleRow): string {
  const name = personName(row);
  if (name || row.tiktokUsername === null || viewerPlatform(row.tiktokUsername) === "tiktok") return name;
  return viewerLabel(row.tiktokUsername, null);
}

export function liveSaleRecord(row: LiveSaleRow): string[] {
  const held = row.status !== null;
  return [
    String(row.ref),
    csvText(row.name),
    csvText(row.colorName),
    csvText(row.size),
    csvCents(row.linePriceCents ?? row.productPriceCents),
    liveSaleStateLabels[liveSaleState(row)],
    held ? csvText(tiktokHandle(row.tiktokUsername)) : "",
    held ? csvText(buyerName(row)) : "",
    held ? csvText(mailbox(row.email)) : "",
    csvText(row.orderNumber),
    held && row.platform ? livePlatformLabels[row.platform] : "",
  ];
}

/** The users page's customers (never the administrators), newest first, with their order counts. */
export const USERS_SQL = `
  SELECT u.first_name AS "firstName", u.last_name AS "lastName", u.display_name AS "displayName",
         u.email, u.tiktok_username AS "tiktokUsername",
         u.handle_verified_at IS NOT NULL AS "handleVerified", u.auth_id IS NOT NULL AS "hasAccount",
         (SELECT count(*) FROM orders o WHERE o.user_id = u.id)::int AS "ordersCount",
         u.created_at AS "createdAt", u.last_sign_in_at AS "lastSignInAt"
    FROM users u
   WHERE NOT u.is_admin
   ORDER BY u.created_at DESC, u.id DESC`;

export interface UserExportRow {
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  email: string | null;
  tiktokUsername: string | null;
  handleVerified: boolean;
  hasAccount: boolean;
  ordersCount: number;
  createdAt: Date;
  lastSignInAt: Date | null;
}

const yesNo = (value: boolean) => (value ? "Oui" : "Non");

export function userRecord(row: UserExportRow): string[] {
  return [
    csvText(row.firstName),
    csvText(row.lastName),
    csvText(row.displayName),
    csvText(mailbox(row.email)),
    csvText(row.tiktokUsername),
    yesNo(row.handleVerified),
    yesNo(row.hasAccount),
    String(row.ordersCount),
    csvDateTime(row.createdAt),
    csvDateTime(row.lastSignInAt),
  ];
}
