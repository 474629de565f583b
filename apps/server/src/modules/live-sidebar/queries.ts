import {
  LIVE_HANDLE_SUGGESTIONS_LIMIT,
  LIVE_SIDEBAR_ORDERS_LIMIT,
  likeContaining,
  type LiveClaimables,
  type LiveHandleSuggestion,
  type LivePiece,
  type LiveSidebarOrder,
  type ShownPiece,
} from "@vitrine/domain";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Queryable } from "../../db/client";
import { heldPieces, liveUsers, lives, orders, products, users } from "../../db/schema";
import { isHeld, orderLinesJson } from "../orders";

/**
 * Orders of a live as the sidebar lists them (spec §2), newest first, with their lines (one
 * query): the 50 latest, or the one named.
 */
export async function liveSidebarOrders(
  db: Queryable,
  filter: { liveId: string } | { orderId: string },
): Promise<LiveSidebarOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      orderDate: orders.orderDate,
      totalAmountCents: orders.totalAmountCents,
      comment: orders.comment,
      live: { id: lives.id, title: lives.title },
      client: {
        id: users.id,
        tiktokUsername: users.tiktokUsername,
        firstName: users.firstName,
        lastName: users.lastName,
        // Another platform's key is stored lowercased, as live_users has it: the index finds it.
        viewerName: sql<string | null>`CASE WHEN ${users.tiktokUsername} LIKE '%:%' THEN
          (SELECT lu.display_name FROM live_users lu
            WHERE lu.live_id = ${orders.liveId} AND lu.tiktok_username = ${users.tiktokUsername}) END`,
      },
      items: orderLinesJson(orders.id),
    })
    .from(orders)
    .innerJoin(lives, eq(lives.id, orders.liveId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where("liveId" in filter ? eq(orders.liveId, filter.liveId) : eq(orders.id, filter.orderId))
    .orderBy(desc(orders.orderDate), desc(orders.id))
    .limit(LIVE_SIDEBAR_ORDERS_LIMIT);
  return rows.map(({ orderDate, items, ...order }) => ({
    ...order,
    orderDate: orderDate.toISOString(),
    // The back office reads references as numbers (as on the order page).
    items: items.map((line) => ({ ...line, ref: Number(line.ref) })),
  }));
}

/** 0 for the exact handle, 1 for a handle starting with the text, 2 for the text elsewhere. */
function closeness(column: AnyPgColumn, term: string): SQL<number> {
  return sql<number>`CASE WHEN lower(${column}) = ${term} THEN 0 WHEN starts_with(lower(${column}), ${term}) THEN 1 ELSE 2 END`;
}

/**
 * The handle autocomplete (spec §7 'tiktok_pseudo_union'): the shop's users by handle and the
 * viewers (of the live when given) by handle or display name, case-insensitive, one entry per
 * handle (the user's, completed by the viewer's name and avatar), the exact and prefix matches
 * first. `term` is the typed text as a handle (lowercased, no @).
 */
export async function handleSuggestions(
  db: Queryable,
  term: string,
  liveId: string | undefined,
): Promise<LiveHandleSuggestion[]> {
  const pattern = likeContaining(term);
  const limit = LIVE_HANDLE_SUGGESTIONS_LIMIT;
  const userRank = closeness(users.tiktokUsername, term);
  const viewerRank = closeness(liveUsers.tiktokUsername, term);
  const [people, viewers] = await Promise.all([
    db
      .select({
        id: users.id,
        tiktokUsername: users.tiktokUsername,
        displayName: users.displayName,
        rank: userRank,
      })
      .from(users)
      .where(ilike(users.tiktokUsername, pattern))
      .orderBy(userRank, sql`lower(${users.tiktokUsername})`)
      .limit(limit),
    db
      .select({
        tiktokUsername: liveUsers.tiktokUsername,
        displayName: liveUsers.displayName,
        avatarUrl: liveUsers.avatarUrl,
        rank: viewerRank,
      })
      .from(liveUsers)
      .where(
        and(
          liveId ? eq(liveUsers.liveId, liveId) : undefined,
          or(ilike(liveUsers.tiktokUsername, pattern), ilike(liveUsers.displayName, pattern)),
        ),
      )
      .orderBy(viewerRank, sql`lower(${liveUsers.tiktokUsername})`, desc(liveUsers.createdAt))
      // Without a live, one handle may be a viewer of several: room for the repeats.
      .limit(liveId ? limit : limit * 3),
  ]);

  const byHandle = new Map<string, LiveHandleSuggestion & { rank: number }>();
  for (const viewer of viewers) {
    const handle = viewer.tiktokUsername.toLowerCase();
    if (byHandle.has(handle)) continue;
    byHandle.set(handle, { ...viewer, tiktokUsername: handle, userId: null, source: "viewer" });
  }
  for (const person of people) {
    if (!person.tiktokUsername) continue;
    const handle = person.tiktokUsername.toLowerCase();
    const viewer = byHandle.get(handle);
    byHandle.set(handle, {
      tiktokUsername: person.tiktokUsername,
      displayName: person.displayName ?? viewer?.displayName ?? null,
      avatarUrl: viewer?.avatarUrl ?? null,
      userId: person.id,
      source: "user",
      rank: Math.min(person.rank, viewer?.rank ?? 2),
    });
  }
  return [...byHandle.entries()]
    .sort(([a, x], [b, y]) => x.rank - y.rank || (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, limit)
    .map(([, { rank: _rank, ...suggestion }]) => suggestion);
}

/** What the claim parser needs: the live's references still available, and those sold and to whom. */
export async function liveClaimables(db: Queryable, liveId: string): Promise<LiveClaimables> {
  const [refs, sold] = await Promise.all([
    db
      .select({ ref: products.ref, sold: isHeld(products.id) })
      .from(products)
      .where(eq(products.liveId, liveId))
      .orderBy(asc(products.ref)),
    db
      .select({
        ref: products.ref,
        productId: products.id,
        orderId: heldPieces.orderId,
        tiktokUsername: users.tiktokUsername,
      })
      .from(heldPieces)
      .innerJoin(products, eq(products.id, heldPieces.productId))
      .innerJoin(orders, eq(orders.id, heldPieces.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .where(eq(products.liveId, liveId))
      .orderBy(asc(products.ref)),
  ]);
  return { availableRefs: refs.filter((row) => !row.sold).map((row) => row.ref), sold };
}

/** The live's pieces by ref, as staff present them. */
export async function livePieces(db: Queryable, liveId: string): Promise<LivePiece[]> {
  return db
    .select({
      productId: products.id,
      ref: products.ref,
      name: products.name,
      priceCents: products.priceCents,
    })
    .from(products)
    .where(eq(products.liveId, liveId))
    .orderBy(asc(products.ref));
}

/** The piece on show in the live, or null (none marked, or the piece deleted since). */
export async function shownPiece(db: Queryable, liveId: string): Promise<ShownPiece | null> {
  const [row] = await db
    .select({
      productId: products.id,
      ref: products.ref,
      name: products.name,
      priceCents: products.priceCents,
      shownAt: lives.shownAt,
    })
    .from(lives)
    .innerJoin(products, eq(products.id, lives.shownProductId))
    .where(eq(lives.id, liveId));
  return row && row.shownAt ? { ...row, shownAt: row.shownAt.toISOString() } : null;
}
