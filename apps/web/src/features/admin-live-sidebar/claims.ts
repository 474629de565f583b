import { parseClaim, sidebarHandle, type LiveClaimables, type LiveFeedEvent } from "@vitrine/domain";

/** What a comment claims: a product still for sale (one-click add) or one already sold. */
export interface CommentClaim {
  ref: number;
  sold: boolean;
}

/** The references the parser may read in a comment of the live: for sale and sold. */
export function claimableRefs(claimables: LiveClaimables): ReadonlySet<number> {
  return new Set([...claimables.availableRefs, ...claimables.sold.map((sold) => sold.ref)]);
}

/** The claim a comment makes on the live's products, or null. */
export function claimOf(
  comment: string | null,
  claimables: LiveClaimables,
  refs: ReadonlySet<number> = claimableRefs(claimables),
): CommentClaim | null {
  if (!comment) return null;
  const ref = parseClaim(comment, refs);
  if (ref === null) return null;
  return { ref, sold: !claimables.availableRefs.includes(ref) };
}

export interface Waitlist {
  ref: number;
  /** Handles (lowercased, no @) in the order they claimed, the buyer left out. */
  handles: string[];
}

/**
 * Who else asked for each sold product, first claimer first: the seller offers it to them if the
 * sale falls through. `events` are the live's comments, oldest first.
 */
export function waitlistsOf(events: readonly LiveFeedEvent[], claimables: LiveClaimables): Waitlist[] {
  const refs = claimableRefs(claimables);
  const buyers = new Map(
    claimables.sold.map((sold) => [sold.ref, sold.tiktokUsername?.toLowerCase() ?? null]),
  );
  const lists = new Map<number, string[]>();
  for (const event of events) {
    const claim = claimOf(event.comment, claimables, refs);
    if (!claim?.sold || !event.userUniqueId) continue;
    const handle = sidebarHandle(event.userUniqueId);
    if (handle === buyers.get(claim.ref)) continue;
    const list = lists.get(claim.ref) ?? [];
    if (!list.includes(handle)) list.push(handle);
    lists.set(claim.ref, list);
  }
  return [...lists.entries()].sort(([a], [b]) => a - b).map(([ref, handles]) => ({ ref, handles }));
}

/** 'Liste d'attente réf 12 : @a, @b'. */
export function waitlistText(waitlist: Waitlist): string {
  return `Liste d'attente réf ${waitlist.ref} : ${waitlist.handles.map((handle) => `@${handle}`).join(", ")}`;
}

export interface PendingClaim {
  event: LiveFeedEvent;
  ref: number;
  handle: string;
}

/**
 * The next claim the automatic add takes: the oldest comment after `afterSeq` claiming a product
 * still for sale, not tried yet. One at a time, in seq order, so the first claimer wins.
 */
export function nextAutoClaim(
  events: readonly LiveFeedEvent[],
  claimables: LiveClaimables,
  afterSeq: number,
  tried: ReadonlySet<number>,
): PendingClaim | null {
  const refs = claimableRefs(claimables);
  for (const event of events) {
    if (event.seq <= afterSeq || tried.has(event.seq) || !event.userUniqueId) continue;
    const claim = claimOf(event.comment, claimables, refs);
    if (claim && !claim.sold) return { event, ref: claim.ref, handle: sidebarHandle(event.userUniqueId) };
  }
  return null;
}
