import {
  DEFAULT_LIVE_PLATFORM,
  liveSiteMessages,
  maySiteClaim,
  SITE_CLAIM_EVENT_TYPE,
  type CommentTest,
  type CustomerLiveSnapshot,
} from "@vitrine/domain";
import { DomainError } from "../../http/errors";
import { createIngestBatcher } from "../../realtime/ingest-batcher";
import { createIngestClaims } from "../live-claims";
import { handleProofCodeOf } from "../profile";
import type { ServerResponse } from "node:http";
import { errorText } from "../../lib/error-text";
import type { LiveHubMessage } from "../../realtime/live-hub";
import { KEEP_ALIVE_MS, sseEvent, startSseResponse } from "../../realtime/sse";
import type { AppContext } from "../module";
import {
  hasRunningClaim,
  readCommentTest,
  readPageLive,
  readReader,
  readSiteClaimPiece,
  startCommentTest,
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
/**
 * Streams one customer may hold open on an instance (a few tabs and devices); opening one more
 * ends their oldest. Without a bound, one account opening thousands of streams made each change a
 * thousand writes for the instance.
 */
export const MAX_STREAMS_PER_CUSTOMER = 5;

export interface CustomerLiveTimings {
  keepAliveMs: number;
  livesCheckMs: number;
}

/** One open stream: its session, and the last snapshot it was sent. */
interface CustomerStream {
  sessionId: string;
  /** The last snapshot sent, without its clock: an identical one is not sent again. */
  lastSent: string | null;
  write: (text: string) => void;
  close: () => void;
}

/**
 * A customer with streams open on this instance: what their last snapshot showed, and its reads
 * (one at a time), shared by all their streams.
 */
interface StreamingCustomer {
  userId: string;
  /** Oldest first. */
  streams: CustomerStream[];
  handle: string | null;
  liveId: string | null;
  productIds: Set<string>;
  orderIds: Set<string>;
  /** A snapshot was read for them: what they are shown is known. */
  known: boolean;
  reading: boolean;
  again: boolean;
}

export type CustomerLiveService = ReturnType<typeof createCustomerLiveService>;

/**
 * The customer's own live page (decision 032): the snapshot, and streams scoped to the customer.
 * A hub `claims-changed` costs one read per instance and live (the claims changed since the
 * version read last: whose, on which piece), then one snapshot read per customer concerned (their
 * handle among the changed claims', or a changed piece among the pieces they claimed), sent to
 * each of their streams and coalesced: a read in flight and at most one after it.
 */
export function createCustomerLiveService(
  {
    db,
    liveHub,
    config,
    log: appLog,
    now: clock,
  }: Pick<AppContext, "db" | "liveHub" | "config" | "log" | "now">,
  timings: Partial<CustomerLiveTimings> = {},
) {
  const { keepAliveMs, livesCheckMs } = {
    keepAliveMs: KEEP_ALIVE_MS,
    livesCheckMs: LIVES_CHECK_MS,
    ...timings,
  };
  const customers = new Map<string, StreamingCustomer>();
  const log = (message: string) => appLog.warn(`customer live: ${message}`);

  const readSnapshot = (userId: string) => readCustomerLive(db, userId, config.verifiedHandlesOnly, clock());
  // Claims from the site join the live's events through the ingestion's own write path: their
  // seq is drawn under the same lock as the comments', so they are ranked by receipt with them,
  // and decided in the transaction that stores them as a comment's claim is.
  const siteEvents = createIngestBatcher({
    pool: db.$client,
    hub: liveHub,
    decider: createIngestClaims({ pool: db.$client, liveHub, settings: config, log }),
    log,
  });

  /** The customer's handle, or the refusal that they have none. */
  async function handleOf(userId: string): Promise<string> {
    const handle = (await readReader(db, userId))?.handle ?? null;
    if (handle === null) throw new DomainError("CONFLICT", liveSiteMessages.noHandle);
    return handle;
  }

  /** The active live the customer's page shows, or the refusal that none runs. */
  async function activeLiveOf(handle: string): Promise<string> {
    const live = await readPageLive(db, handle);
    if (!live?.is_active) throw new DomainError("CONFLICT", liveSiteMessages.noActiveLive);
    return live.id;
  }

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
        for (const customer of customers.values()) {
          const concerned =
            (customer.handle !== null && handles.has(customer.handle)) ||
            (customer.liveId === liveId && [...customer.productIds].some((id) => products.has(id)));
          if (concerned) refresh(customer);
        }
      } while (state.again);
    } catch (error) {
      log(`claims of live ${liveId} not read for the streams (${errorText(error)})`);
    } finally {
      reading.delete(liveId);
    }
  }

  function claimsChanged(liveId: string) {
    // A customer whose first snapshot is being read does not know their live yet: read again.
    for (const customer of customers.values()) if (customer.reading && !customer.known) customer.again = true;
    if (customers.size === 0) return;
    const running = reading.get(liveId);
    if (running) running.again = true;
    else void readLive(liveId);
  }

  const unsubscribe = liveHub.subscribe((message: LiveHubMessage) => {
    if (message.kind === "claims-changed") claimsChanged(message.liveId);
    // An order of the live changed without its claims (staff added or removed a piece by hand).
    else if (message.kind === "orders") {
      for (const customer of customers.values()) {
        if (customer.orderIds.has(message.change.orderId)) refresh(customer);
      }
    }
  });

  /** Ends the customer's streams whose session is over (one check per session, not per stream). */
  async function closeSignedOut(customer: StreamingCustomer) {
    const sessionIds = [...new Set(customer.streams.map((stream) => stream.sessionId))];
    const open = await Promise.all(sessionIds.map((id) => sessionIsOpen(db, id)));
    const ended = new Set(sessionIds.filter((_id, index) => !open[index]));
    for (const stream of [...customer.streams]) if (ended.has(stream.sessionId)) stream.close();
  }

  /**
   * Reads the customer's snapshot now and sends it to each of their streams; a call while one is
   * read asks for one more after.
   */
  function refresh(customer: StreamingCustomer) {
    if (customer.reading) {
      customer.again = true;
      return;
    }
    customer.reading = true;
    void (async () => {
      try {
        do {
          customer.again = false;
          await closeSignedOut(customer);
          if (customer.streams.length === 0) return;
          const { snapshot, handle } = await readSnapshot(customer.userId);
          send(customer, snapshot, handle);
        } while (customer.again && customer.streams.length > 0);
      } catch (error) {
        log(`a customer's snapshot was not read (${errorText(error)})`);
        // A stream that never had its first snapshot ends: its page reconnects and asks again.
        for (const stream of [...customer.streams]) if (stream.lastSent === null) stream.close();
      } finally {
        customer.reading = false;
      }
    })();
  }

  function send(customer: StreamingCustomer, snapshot: CustomerLiveSnapshot, handle: string | null) {
    customer.known = true;
    customer.handle = handle;
    customer.liveId = snapshot.live?.isActive ? snapshot.live.id : null;
    customer.productIds = new Set(snapshot.claims.map((claim) => claim.productId));
    customer.orderIds = new Set(snapshot.orders.map((order) => order.id));
    const { serverNow: _clock, ...content } = snapshot;
    const key = JSON.stringify(content);
    const event = sseEvent("live", snapshot);
    // A copy: a stream too far behind closes while it is written to.
    for (const stream of [...customer.streams]) {
      if (key === stream.lastSent) continue;
      stream.lastSent = key;
      stream.write(event);
    }
  }

  // A live starting or ending: one read per instance while streams are open, then every customer.
  let livesKey: string | null = null;
  let checkingLives = false;
  const livesTimer = setInterval(() => {
    if (customers.size === 0 || checkingLives) {
      if (customers.size === 0) livesKey = null;
      return;
    }
    checkingLives = true;
    readActiveLivesKey(db)
      .then((key) => {
        if (livesKey !== null && key !== livesKey)
          for (const customer of customers.values()) refresh(customer);
        livesKey = key;
      })
      .catch((error: unknown) => log(`active lives not read (${errorText(error)})`))
      .finally(() => (checkingLives = false));
  }, livesCheckMs);
  livesTimer.unref();

  /** The customer's entry, made with their first stream on the instance. */
  function customerOf(userId: string): StreamingCustomer {
    let customer = customers.get(userId);
    if (!customer) {
      customer = {
        userId,
        streams: [],
        handle: null,
        liveId: null,
        productIds: new Set(),
        orderIds: new Set(),
        known: false,
        reading: false,
        again: false,
      };
      customers.set(userId, customer);
    }
    return customer;
  }

  return {
    readSnapshot: async (userId: string) => (await readSnapshot(userId)).snapshot,

    /** The customer's comment test of the live their page shows (null: none started). */
    async commentTest(userId: string): Promise<CommentTest | null> {
      const handle = (await readReader(db, userId))?.handle ?? null;
      const live = await readPageLive(db, handle);
      return live?.is_active ? readCommentTest(db, live.id, userId, clock()) : null;
    },

    /**
     * 'Tester mes commentaires' (decision 047): the customer comments their handle proof code in
     * the live; the claims engine, which reads every comment, notes when it sees it (and proves
     * the handle, as the profile's proof does).
     */
    async startCommentTest(userId: string): Promise<CommentTest> {
      const handle = await handleOf(userId);
      const liveId = await activeLiveOf(handle);
      const code = await handleProofCodeOf(db, userId);
      const now = clock();
      await startCommentTest(db, { liveId, userId, handle, code, now });
      return { code, startedAt: new Date(now).toISOString(), result: "waiting" };
    },

    /**
     * 'Je le prends' on the piece on show: an event of the live's stream, so the claims engine
     * ranks it with the comments by the server's receipt. One per customer and piece (its
     * message id), refused when the live is over, the piece gone or the live's setting keeps the
     * button from this customer. Nothing of it is said in the TikTok live.
     */
    async claimFromSite(userId: string, productId: string): Promise<{ ref: number }> {
      const handle = await handleOf(userId);
      const piece = await readSiteClaimPiece(db, productId);
      if (!piece) throw new DomainError("NOT_FOUND", liveSiteMessages.pieceGone);
      if (!piece.liveActive) throw new DomainError("CONFLICT", liveSiteMessages.liveOver);
      if (piece.sold) throw new DomainError("CONFLICT", liveSiteMessages.pieceGone);
      if (!piece.onShow) throw new DomainError("CONFLICT", liveSiteMessages.pieceNotShown);
      const test = await readCommentTest(db, piece.liveId, userId, clock());
      if (!maySiteClaim(piece.siteClaims, test?.result ?? null)) {
        throw new DomainError("FORBIDDEN", liveSiteMessages.notOffered);
      }
      if (await hasRunningClaim(db, productId, handle)) {
        throw new DomainError("CONFLICT", liveSiteMessages.alreadyAsked);
      }
      const result = await siteEvents.submit(piece.liveId, [
        {
          type: SITE_CLAIM_EVENT_TYPE,
          // The customer's TikTok handle is their key in the live, as their comments' would be.
          platform: DEFAULT_LIVE_PLATFORM,
          msgId: `${SITE_CLAIM_EVENT_TYPE}:${userId}:${productId}`,
          createTime: clock(),
          tiktokUserId: null,
          uniqueId: handle,
          nickname: null,
          avatarUrl: null,
          comment: liveSiteMessages.take,
          payloadJson: JSON.stringify({ ref: piece.ref, productId, userId }),
        },
      ]);
      if (result.accepted === 0) throw new DomainError("CONFLICT", liveSiteMessages.alreadyAsked);
      return { ref: piece.ref };
    },

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
      // The first stream of the instance: nobody needed the changes before it, no live is behind.
      const first = customers.size === 0;
      const customer = customerOf(options.userId);
      const stream: CustomerStream = {
        sessionId: options.sessionId,
        lastSent: null,
        write: (text) => {
          if (closed) return;
          response.write(text);
          if (response.writableLength > MAX_BUFFERED_BYTES) stream.close();
        },
        close: () => {
          if (closed) return;
          closed = true;
          clearInterval(keepAlive);
          customer.streams = customer.streams.filter((other) => other !== stream);
          if (customer.streams.length === 0 && customers.get(customer.userId) === customer) {
            customers.delete(customer.userId);
          }
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
      customer.streams.push(stream);
      for (const oldest of customer.streams.slice(0, -MAX_STREAMS_PER_CUSTOMER)) oldest.close();
      try {
        // Read before the snapshot: whatever commits after it is read from this version on. The
        // first stream reads the active lives too: the lives check compares with what it read,
        // so a live ending before the check's first read is still told.
        const [version, activeLives] = await Promise.all([
          readCurrentClaimVersion(db),
          first ? readActiveLivesKey(db) : null,
        ]);
        if (first && reading.size === 0) {
          lastRead.clear();
          floor = version;
        }
        livesKey ??= activeLives;
        if (closed) return;
        // The customer's next read is after the version: this stream gets it, even if the others
        // were sent the same.
        refresh(customer);
      } catch (error) {
        log(`a customer's stream could not start (${errorText(error)})`);
        stream.close();
      }
    },

    /** Lets the site claims being written end (server stop). */
    closeSiteClaims: () => siteEvents.close(),

    /** Ends every open stream (server stop): clients reconnect elsewhere. */
    closeStreams() {
      unsubscribe();
      clearInterval(livesTimer);
      for (const customer of [...customers.values()]) {
        for (const stream of [...customer.streams]) stream.close();
      }
    },
  };
}
