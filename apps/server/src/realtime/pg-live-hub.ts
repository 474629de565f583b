import type { LiveFeedEvent, LiveOrdersChanged, LiveSourceStatus } from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { errorText } from "../lib/error-text";
import { loadFeedEventsAfter, loadFeedEventsById } from "./feed-rows";
import { createListenerSet, type LiveHub } from "./live-hub";
import { createPgListener } from "./pg-listener";
import { decodeNotification, LIVE_CHANNEL, type LiveNotification } from "./live-notify";

/**
 * Events one query of a catch-up reads. Once the hub listens again after losing its connection, it
 * re-sends every event committed meanwhile (other instances' notifications went unheard), this
 * many at a time, and says each page delivered only once it is handed out.
 */
export const CATCH_UP_PAGE = 2_000;

/** How long the hub waits for this instance's own batch to be handed out once it hears of it. */
const OWN_BATCH_WAIT_MS = 2_000;

/** How the listening connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "vitrine-live-hub";

export interface PgLiveHubOptions {
  /** The app's pool: its settings open the listening connection, its connections load rows. */
  pool: pg.Pool;
  log?: (message: string) => void;
  /** First and longest wait before listening again after the connection dropped. */
  reconnectDelayMs?: { min: number; max: number };
  /** Events one catch-up query reads (CATCH_UP_PAGE). */
  catchUpPage?: number;
}

/** A PostgreSQL hub once it listens (`start`), plus what tests need to see. */
export interface PgLiveHub extends LiveHub {
  /** Connects the listening client (retrying in the background when that fails). */
  start(): Promise<void>;
  /** Whether the LISTEN connection is up. */
  readonly listening: boolean;
}

/**
 * The hub of a server instance: one dedicated connection LISTENs on one channel. Whatever this
 * instance publishes reaches its own listeners at once and the other instances by NOTIFY; a
 * notification names its sender, so each instance skips its own. Other instances' events come as
 * ids: their rows are loaded by one query, and fanned out in the order the notifications came.
 */
export function createPgLiveHub({
  pool,
  log = () => {},
  reconnectDelayMs,
  catchUpPage = CATCH_UP_PAGE,
}: PgLiveHubOptions): PgLiveHub {
  const instanceId = randomUUID();
  const listeners = createListenerSet();
  let closed = false;
  // Remote notifications are handled one after the other, so their events keep commit order.
  let remoteChain: Promise<void> = Promise.resolve();
  let listenedBefore = false;
  // The seq below which every event is in the listeners' hands (see `delivered`).
  let deliveredThrough = 0;
  // That seq when the listening connection was lost: the catch-up starts there. (It stays put
  // while the hub cannot hear, even as this instance hands out its own batches.)
  let deafSince: number | null = null;
  // This instance's events handed out and not yet heard back, and those heard before handed out.
  const ownHandedOut = new Map<string, number>();
  const ownAwaited = new Map<string, (seq: number) => void>();

  function delivered(seq: number) {
    if (seq <= deliveredThrough) return;
    deliveredThrough = seq;
    listeners.emit({ kind: "delivered", seq });
  }

  /**
   * This instance's own batch, heard back through LISTEN. Notifications come in commit order,
   * which is seq order, and are handled one at a time: once the batch is in the listeners' hands
   * (the ingestion hands it out right after its commit, maybe a moment after this), every event
   * up to its last seq is. Until then the next notifications wait.
   */
  async function ownEventsHeard(ids: string[]) {
    const waits: Promise<number>[] = [];
    let last = 0;
    for (const id of ids) {
      const seq = ownHandedOut.get(id);
      if (seq === undefined) waits.push(new Promise((resolve) => ownAwaited.set(id, resolve)));
      else {
        ownHandedOut.delete(id);
        last = Math.max(last, seq);
      }
    }
    if (waits.length > 0) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>(
        (resolve) => (timer = setTimeout(() => resolve(null), OWN_BATCH_WAIT_MS)),
      );
      const seqs = await Promise.race([Promise.all(waits), timeout]);
      clearTimeout(timer);
      if (!seqs) {
        for (const id of ids) ownAwaited.delete(id);
        return;
      }
      last = Math.max(last, ...seqs);
    }
    delivered(last);
  }

  /** Events read from the database, in seq order, every one before them already handed out. */
  function emitInOrder(events: LiveFeedEvent[]) {
    const last = events.at(-1);
    if (!last) return;
    listeners.emit({ kind: "events", events });
    delivered(last.seq);
  }

  /**
   * What other instances committed while this one could not hear them: re-sent from the
   * database from the seq it had reached when it lost them (its own events come again too:
   * clients keep each seq once), so an open stream misses nothing for the outage. Page after page
   * until a short one: what was committed after that is notified (the hub listens again). A
   * stream that cannot keep up is dropped by its buffer limit, reconnects and resumes.
   */
  async function catchUp(from: number) {
    let cursor = from;
    while (listeners.size > 0 && !closed) {
      const page = await loadFeedEventsAfter(pool, cursor, catchUpPage);
      emitInOrder(page);
      const last = page.at(-1);
      if (!last || page.length < catchUpPage) return;
      cursor = last.seq;
    }
  }

  function chain(step: () => Promise<void>) {
    remoteChain = remoteChain
      .then(step)
      .catch((error: unknown) => log(`live hub: a notification was lost (${errorText(error)})`));
  }

  async function handle(notification: LiveNotification) {
    if (notification.from === instanceId) {
      if (notification.kind === "events") await ownEventsHeard(notification.ids);
      return;
    }
    if (notification.kind === "orders") listeners.emit({ kind: "orders", change: notification.change });
    else if (notification.kind === "claims-changed" || notification.kind === "claims-inbox") {
      listeners.emit({ kind: notification.kind, liveId: notification.liveId });
    } else if (notification.kind === "source")
      listeners.emit({ kind: "source", status: notification.status });
    else if (listeners.size > 0) {
      emitInOrder(await loadFeedEventsById(pool, notification.ids));
    }
  }

  const listener = createPgListener({
    pool,
    channel: LIVE_CHANNEL,
    applicationName: LISTENER_APPLICATION_NAME,
    name: "live hub",
    onNotification: (payload) => {
      const notification = payload ? decodeNotification(payload) : null;
      if (notification) chain(() => handle(notification));
    },
    prepare: async (client) => {
      if (listenedBefore) return;
      // Caught up from here on: what was committed before the hub started is no news. (The
      // sequence's value, not max(seq): no index reads every live's events in seq order.)
      const { rows } = await client.query<{ seq: string | null }>(
        "SELECT pg_sequence_last_value(pg_get_serial_sequence('tiktok_events', 'seq')) AS seq",
      );
      deliveredThrough = Math.max(deliveredThrough, Number(rows[0]?.seq ?? 0));
    },
    onListening: () => {
      if (listenedBefore) {
        const from = deafSince ?? deliveredThrough;
        deafSince = null;
        chain(() => catchUp(from));
      }
      listenedBefore = true;
    },
    onLost: () => {
      deafSince ??= deliveredThrough;
      // Own batches committed from now on are not heard back: the catch-up stands for them.
      ownHandedOut.clear();
    },
    log,
    reconnectDelayMs,
  });

  /**
   * Best effort: a change already committed must not fail its request because the other
   * instances could not be told (their clients catch up on their next poll or reconnect).
   */
  async function notify(notification: LiveNotification) {
    try {
      await pool.query("SELECT pg_notify($1, $2)", [LIVE_CHANNEL, JSON.stringify(notification)]);
    } catch (error) {
      log(`live hub: other instances not told of a ${notification.kind} change (${errorText(error)})`);
    }
  }

  return {
    instanceId,
    channel: LIVE_CHANNEL,
    get listening() {
      return listener.listening;
    },
    start: listener.start,
    async publishOrdersChanged(change: LiveOrdersChanged) {
      if (closed) return;
      listeners.emit({ kind: "orders", change });
      await notify({ from: instanceId, kind: "orders", change });
    },
    publishEvents(events) {
      if (closed || events.length === 0) return;
      listeners.emit({ kind: "events", events });
      if (!listener.listening) return;
      for (const event of events) {
        const heard = ownAwaited.get(event.id);
        if (heard) {
          ownAwaited.delete(event.id);
          heard(event.seq);
        } else ownHandedOut.set(event.id, event.seq);
      }
    },
    async publishClaimsChanged({ liveId }: { liveId: string }) {
      if (closed) return;
      listeners.emit({ kind: "claims-changed", liveId });
      await notify({ from: instanceId, kind: "claims-changed", liveId });
    },
    async publishSourceStatus(status: LiveSourceStatus) {
      if (closed) return;
      listeners.emit({ kind: "source", status });
      await notify({ from: instanceId, kind: "source", status });
    },
    subscribe: (listener) => listeners.add(listener),
    unsubscribe: (listener) => listeners.remove(listener),
    async close() {
      closed = true;
      await listener.close();
      await remoteChain;
    },
  };
}
