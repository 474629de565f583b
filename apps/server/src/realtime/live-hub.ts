import type { LiveFeedEvent, LiveOrdersChanged, LiveSourceStatus } from "@vitrine/domain";

/**
 * What a feed listener receives: stored events (in seq order), an orders change, a source state,
 * or `delivered`: every event up to `seq` has now been handed to the listeners (events can come
 * out of seq order across instances; this says when a client may resume after `seq`).
 */
export type LiveHubMessage =
  | { kind: "events"; events: LiveFeedEvent[] }
  | { kind: "orders"; change: LiveOrdersChanged }
  | { kind: "claims-changed"; liveId: string }
  /** A line holding a claimed piece stopped holding it (the database's trigger said so). */
  | { kind: "claims-inbox"; liveId: string }
  | { kind: "source"; status: LiveSourceStatus }
  | { kind: "delivered"; seq: number };

export type LiveFeedListener = (message: LiveHubMessage) => void;

/**
 * Real-time fan-out of live selling (decision 018): what happened in a live reaches every open feed,
 * on this instance first, then on the others through PostgreSQL LISTEN/NOTIFY.
 */
export interface LiveHub {
  /**
   * An order of a live changed (an item added or removed): open sidebars refetch the live's
   * orders. Call it after the change's commit; it never rejects (other instances are told on a
   * best-effort basis).
   */
  publishOrdersChanged(change: LiveOrdersChanged): Promise<void>;
  /**
   * Claims of a live changed (committed): every instance's streams read what changed after the
   * version they last sent. Like publishOrdersChanged, it never rejects.
   */
  publishClaimsChanged(change: { liveId: string }): Promise<void>;
  /**
   * Events this instance has just committed, in seq order. Fanned out here only: the ingestion
   * transaction itself notified the other instances (`eventNotifications`), atomically with its rows.
   */
  publishEvents(events: LiveFeedEvent[]): void;
  /** A source reported its connection state (already stored): every instance's feeds hear it. */
  publishSourceStatus(status: LiveSourceStatus): Promise<void>;
  /** Adds a feed listener; returns the function that removes it. */
  subscribe(listener: LiveFeedListener): () => void;
  unsubscribe(listener: LiveFeedListener): void;
  /**
   * Who the ingestion's NOTIFY names as sender (`{ from, kind: "events", ids }` on `channel`),
   * so this instance skips its own; null: tell no other instance.
   */
  readonly instanceId: string | null;
  /** The channel every instance listens on. */
  readonly channel: string;
  /** Stops listening; later publications reach nobody. */
  close(): Promise<void>;
}

/** The fan-out within one process, shared by the PostgreSQL hub and the silent one. */
export function createListenerSet() {
  const listeners = new Set<LiveFeedListener>();
  return {
    add(listener: LiveFeedListener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    remove(listener: LiveFeedListener) {
      listeners.delete(listener);
    },
    emit(message: LiveHubMessage) {
      for (const listener of listeners) {
        // One broken listener (a closed stream) must not keep the others from hearing.
        try {
          listener(message);
        } catch {
          listeners.delete(listener);
        }
      }
    },
    get size() {
      return listeners.size;
    },
  };
}

/** A hub for this process only (no other instance hears it): unit tests and tools. */
export function createSilentLiveHub(): LiveHub {
  const listeners = createListenerSet();
  return {
    channel: "vitrine_live",
    publishOrdersChanged: async (change) => listeners.emit({ kind: "orders", change }),
    publishClaimsChanged: async ({ liveId }) => listeners.emit({ kind: "claims-changed", liveId }),
    publishEvents: (events) => {
      const last = events.at(-1);
      if (!last) return;
      listeners.emit({ kind: "events", events });
      // One process, batches handed out in commit order: all of them are delivered at once.
      listeners.emit({ kind: "delivered", seq: last.seq });
    },
    publishSourceStatus: async (status) => listeners.emit({ kind: "source", status }),
    subscribe: (listener) => listeners.add(listener),
    unsubscribe: (listener) => listeners.remove(listener),
    instanceId: null,
    close: async () => {},
  };
}
