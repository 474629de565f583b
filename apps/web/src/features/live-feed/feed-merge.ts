import { LIVE_FEED_LIMIT, type LiveFeedEvent } from "@vitrine/domain";

/**
 * The feed after `incoming` arrived: oldest first by seq, each seq once (a reconnect's replay or a
 * poll may resend what the stream already gave), only the latest `limit`. Returns `current` itself
 * when nothing is new, so that React keeps the same list.
 */
export function mergeFeedEvents(
  current: readonly LiveFeedEvent[],
  incoming: readonly LiveFeedEvent[],
  limit: number = LIVE_FEED_LIMIT,
): readonly LiveFeedEvent[] {
  const known = new Set(current.map((event) => event.seq));
  const fresh = new Map<number, LiveFeedEvent>();
  for (const event of incoming) {
    if (!known.has(event.seq)) fresh.set(event.seq, event);
  }
  if (fresh.size === 0) return current;
  const merged = [...current, ...fresh.values()].sort((a, b) => a.seq - b.seq);
  return merged.length > limit ? merged.slice(merged.length - limit) : merged;
}

/** The seq to resume after: the newest one held, or undefined before anything arrived. */
export function lastSeqOf(events: readonly LiveFeedEvent[]): number | undefined {
  return events.at(-1)?.seq;
}
