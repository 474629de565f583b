import type { CustomerLiveSnapshot } from "@vitrine/domain";
import type { ServerResponse } from "node:http";
import { errorText } from "../../lib/error-text";
import type { LiveHubMessage } from "../../realtime/live-hub";
import { KEEP_ALIVE_MS, sseEvent, startSseResponse } from "../../realtime/sse";
import type { AppContext } from "../module";
import {
  readActiveLivesKey,
  readChangedClaims,
  readCurrentClaimVersion,
  readCustomerLive,
  sessionIsOpen,
} from "./queries";

/** How often an instance with open streams looks whether a live started or ended. */
export const LIVES_CHECK_MS = 3_000;
/** A client this far behind (bytes not yet sent) is dropped: it reconnects. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface CustomerLiveTimings {
  keepAliveMs: number;
  livesCheckMs: number;
}

/** One open stream: whose, what its last snapshot showed, and its reads (one at a time). */
interface CustomerStream {
  userId: string;
  sessionId: string;
  handle: string | null;
  liveId: string | null;
  productIds: Set<string>;
  orderIds: Set<string>;
  /** The last snapshot sent, without its clock: an identical one is not sent again. */
  lastSent: string | null;
  reading: boolean;
  again: boolean;
  /** Its first snapshot is being read. */
  opening: boolean;
  write: (text: string) => void;
  close: () => void;
}

export type CustomerLiveService = ReturnType<typeof createCustomerLiveService>;

/**
 * The customer's own live page (decision 032): the snapshot, and streams scoped to the customer.
 * A hub `claims-changed` costs one read per instance and live (the claims changed since the
 * version read last: whose, on which piece), then one snapshot read per stream concerned (their
 * handle among the changed claims', or a changed piece among the pieces they claimed), coalesced:
 * a read in flight and at most one after it.
 */
export function createCustomerLiveService(
  { db, liveHub, config }: Pick<AppContext, "db" | "liveHub" | "config">,
  timings: Partial<CustomerLiveTimings> = {},
) {
  const { keepAliveMs, livesCheckMs } = {
    keepAliveMs: KEEP_ALIVE_MS,
    livesCheckMs: LIVES_CHECK_MS,
    ...timings,
  };
  const streams = new Set<CustomerStream>();
  const log = (message: string) => console.warn(`customer live: ${message}`);

  const readSnapshot = (userId: string) => readCustomerLive(db, userId, config.verifiedHandlesOnly);

  // Per live: the highest claim version read, and the read under way (with whether to read again).
  // Every live is read while a stream is open: a customer's claim may start on any active live.
  // Below `floor`, changes are in the snapshots of the streams open since (versions are one
  // sequence across lives, drawn under each live's claim lock: they commit in increasing order).
  const lastRead = new Map<string, number>();
  const reading = new Map<string, { again: boolean }>();
  let floor = 0;

  async function readLive(liveId: string) {
    const state = { again: false };
    reading.set(liveId, state);
    try {
      do {
        state.again = false;
        const after = lastRead.get(liveId) ?? floor;
        const changes = await readChangedClaims(db, liveId, after);
        if (changes.length === 0) continue;
        lastRead.set(liveId, Math.max(after, ...changes.map((change) => change.version)));
        const handles = new Set(changes.map((change) => change.handle));
        const products = new Set(changes.map((change) => change.productId));
        for (const stream of streams) {
          const concerned =
            (stream.handle !== null && handles.has(stream.handle)) ||
            (stream.liveId === liveId && [...stream.productIds].some((id) => products.has(id)));
          if (concerned) refresh(stream);
        }
      } while (state.again);
    } catch (error) {
      log(`claims of live ${liveId} not read for the streams (${errorText(error)})`);
    } finally {
      reading.delete(liveId);
    }
  }

  function claimsChanged(liveId: string) {
    // A stream whose first snapshot is being read does not know its live yet: it reads again.
    for (const stream of streams) if (stream.opening) stream.again = true;
    if (streams.size === 0) return;
    const running = reading.get(liveId);
    if (running) running.again = true;
    else void readLive(liveId);
  }

  const unsubscribe = liveHub.subscribe((message: LiveHubMessage) => {
    if (message.kind === "claims-changed") claimsChanged(message.liveId);
    // An order of the live changed without its claims (staff added or removed a piece by hand).
    else if (message.kind === "orders") {
      for (const stream of streams) if (stream.orderIds.has(message.change.orderId)) refresh(stream);
    }
  });

  /** Sends the stream its snapshot, read now; a call while one is read asks for one more after. */
  function refresh(stream: CustomerStream) {
    if (stream.reading) {
      stream.again = true;
      return;
    }
    stream.reading = true;
    void (async () => {
      try {
        do {
          stream.again = false;
          if (!(await sessionIsOpen(db, stream.sessionId))) {
            stream.close();
            return;
          }
          const { snapshot, handle } = await readSnapshot(stream.userId);
          send(stream, snapshot, handle);
        } while (stream.again && streams.has(stream));
      } catch (error) {
        log(`a customer's snapshot was not read (${errorText(error)})`);
      } finally {
        stream.reading = false;
      }
    })();
  }

  function send(stream: CustomerStream, snapshot: CustomerLiveSnapshot, handle: string | null) {
    stream.handle = handle;
    stream.liveId = snapshot.live?.isActive ? snapshot.live.id : null;
    stream.productIds = new Set(snapshot.claims.map((claim) => claim.productId));
    stream.orderIds = new Set(snapshot.orders.map((order) => order.id));
    const { serverNow: _clock, ...content } = snapshot;
    const key = JSON.stringify(content);
    if (key === stream.lastSent) return;
    stream.lastSent = key;
    stream.write(sseEvent("live", snapshot));
  }

  // A live starting or ending: one read per instance while streams are open, then every stream.
  let livesKey: string | null = null;
  let checkingLives = false;
  const livesTimer = setInterval(() => {
    if (streams.size === 0 || checkingLives) {
      if (streams.size === 0) livesKey = null;
      return;
    }
    checkingLives = true;
    readActiveLivesKey(db)
      .then((key) => {
        if (livesKey !== null && key !== livesKey) for (const stream of streams) refresh(stream);
        livesKey = key;
      })
      .catch((error: unknown) => log(`active lives not read (${errorText(error)})`))
      .finally(() => (checkingLives = false));
  }, livesCheckMs);
  livesTimer.unref();

  return {
    readSnapshot: async (userId: string) => (await readSnapshot(userId)).snapshot,

    /** A customer's stream: their snapshot first, then again whenever it changes. */
    async openStream(
      response: ServerResponse,
      options: {
        userId: string;
        sessionId: string;
        headers: Record<string, string | string[] | number | undefined>;
      },
    ) {
      let closed = false;
      const stream: CustomerStream = {
        userId: options.userId,
        sessionId: options.sessionId,
        handle: null,
        liveId: null,
        productIds: new Set(),
        orderIds: new Set(),
        lastSent: null,
        reading: false,
        again: false,
        opening: true,
        write: (text) => {
          if (closed) return;
          response.write(text);
          if (response.writableLength > MAX_BUFFERED_BYTES) stream.close();
        },
        close: () => {
          if (closed) return;
          closed = true;
          clearInterval(keepAlive);
          streams.delete(stream);
          response.end();
        },
      };
      // Each beat also checks the session: a signed-out customer's stream ends.
      const keepAlive = setInterval(() => {
        stream.write(": keep-alive\n\n");
        sessionIsOpen(db, stream.sessionId)
          .then((open) => (open ? undefined : stream.close()))
          .catch(() => {});
      }, keepAliveMs);
      response.on("close", stream.close);
      startSseResponse(response, options.headers);
      // Listed at once: a change told during its first read brings a second one.
      const first = streams.size === 0;
      streams.add(stream);
      try {
        // Read before the snapshot: whatever commits after it is read from this version on. The
        // first stream of the instance: nobody needed the changes before it, no live is behind.
        const version = await readCurrentClaimVersion(db);
        if (first && reading.size === 0) {
          lastRead.clear();
          floor = version;
        }
        const { snapshot, handle } = await readSnapshot(stream.userId);
        stream.opening = false;
        if (closed) return;
        send(stream, snapshot, handle);
        if (stream.again) refresh(stream);
      } catch (error) {
        log(`a customer's stream could not start (${errorText(error)})`);
        stream.close();
      }
    },

    /** Ends every open stream (server stop): clients reconnect elsewhere. */
    closeStreams() {
      unsubscribe();
      clearInterval(livesTimer);
      for (const stream of [...streams]) stream.close();
    },
  };
}
