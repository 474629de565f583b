import type { LiveOrdersChanged } from "@vitrine/domain";

/**
 * Real-time fan-out of live selling (issue 16): what happened in a live reaches every open feed,
 * on this instance first, then on the others through PostgreSQL LISTEN/NOTIFY.
 */
export interface LiveHub {
  /** An order of a live changed (an item added or removed): open sidebars refetch the live's orders. */
  publishOrdersChanged(change: LiveOrdersChanged): Promise<void>;
}

/** A hub that reaches nobody: for a server built without real-time (until the feed lands). */
export function createSilentLiveHub(): LiveHub {
  return { publishOrdersChanged: async () => {} };
}
