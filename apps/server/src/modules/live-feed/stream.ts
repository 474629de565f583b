import type { LiveClaimsChange, LiveFeedEvent, LiveFeedGap } from "@vitrine/domain";
import type { ServerResponse } from "node:http";
import type { LiveHub, LiveHubMessage } from "../../realtime/live-hub";
import { KEEP_ALIVE_MS, startSseResponse } from "../../realtime/sse";
import type { ClaimsRelay } from "./claims-relay";

/** What a reader of the feed asks: one live or every active one, some event types, after a seq. */
export interface FeedScope {
  liveId?: string;
  /** Comma-separated event types; all when absent or empty. */
  types?: string;
}

/** The event types of a `types` parameter, or null for all. */
export function typesOf(types: string | undefined): string[] | null {
  const list = (types ?? "")
    .split(",")
    .map((type) => type.trim())
    .filter((type) => type !== "");
  return list.length > 0 ? list : null;
}

/** A client this far behind (bytes not yet sent) is dropped: it reconnects and resumes. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * Each event's SSE text, written once however many streams carry it (the hub hands every
 * listener the same objects). A live event carries no id: events may come out of seq order across
 * instances, so the resume point is the hub's `delivered` seq, sent as an id of its own.
 */
const sseTexts = new WeakMap<LiveFeedEvent, string>();
function sseTextOf(event: LiveFeedEvent): string {
  let text = sseTexts.get(event);
  if (text === undefined) {
    text = `event: live-event\ndata: ${JSON.stringify(event)}\n\n`;
    sseTexts.set(event, text);
  }
  return text;
}

/** A claims change's SSE text, written once for every stream that sends it whole. */
const claimsTexts = new WeakMap<LiveClaimsChange, string>();
function claimsTextOf(change: LiveClaimsChange): string {
  let text = claimsTexts.get(change);
  if (text === undefined) {
    text = `event: claims\ndata: ${JSON.stringify(change)}\n\n`;
    claimsTexts.set(change, text);
  }
  return text;
}

/** A replayed event: read from the database in seq order, so it is its own resume point. */
function replayTextOf(event: LiveFeedEvent): string {
  return `event: live-event\nid: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** What a replay brings: events read from the database in seq order, or the range it skipped. */
export type ReplayItem = { kind: "events"; events: LiveFeedEvent[] } | { kind: "gap"; gap: LiveFeedGap };

export interface FeedStreamOptions {
  scope: FeedScope;
  /** The seq to resume after (Last-Event-ID or ?after=); nothing is replayed without it. */
  after: number | undefined;
  /** Extra headers to send (the app's security headers, set before the reply was taken over). */
  headers: Record<string, string | string[] | number | undefined>;
  hub: LiveHub;
  replay: (scope: FeedScope, after: number) => AsyncGenerator<ReplayItem>;
  streams: Set<ServerResponse>;
  /** The claims: what changed, and where a reconnecting client resumes them. */
  claims?: {
    relay: ClaimsRelay;
    /** The live whose claims changed after `after` are sent first (with `after`). */
    resume?: { liveId: string; after: number };
  };
  keepAliveMs?: number;
}

/**
 * One SSE client. It listens to the hub before it replays what it missed from the database, and
 * holds what the hub brings meanwhile; once the replay is sent, the held events whose seq the
 * replay already carried are skipped: no event is lost between replay and live, none is sent twice.
 * A replay too long to send starts with an `event: gap` naming the range it skipped.
 * Claims resume the same way: with `claims.resume`, the claims of that live changed after its
 * version are sent first, as one `claims` event, while what the relay brings is held; then the
 * held changes are sent without the claims already sent (by version). Each claim change reaches
 * the client at least once after the resume point, and a claim at a given version at most once.
 */
export async function openFeedStream(response: ServerResponse, options: FeedStreamOptions): Promise<void> {
  const { scope, after, hub, streams } = options;
  const types = typesOf(scope.types);
  const wanted = (event: LiveFeedEvent) =>
    (!scope.liveId || event.liveId === scope.liveId) && (!types || types.includes(event.eventType));
  const forThisLive = (liveId: string) => !scope.liveId || liveId === scope.liveId;

  type Held = LiveHubMessage | { kind: "claims"; change: LiveClaimsChange };
  let held: Held[] | null = [];
  let closed = false;

  const write = (text: string) => {
    if (closed) return;
    response.write(text);
    if (response.writableLength > MAX_BUFFERED_BYTES) close();
  };
  // The last id sent: a client resuming after it has been sent every event up to it.
  let resumePoint = after ?? 0;
  // One write per batch of events: a stream carries a batch in one chunk, not one per comment.
  const sendEvents = (events: LiveFeedEvent[], skip?: Set<number>) => {
    let text = "";
    for (const event of events) if (wanted(event) && !skip?.has(event.seq)) text += sseTextOf(event);
    if (text !== "") write(text);
  };
  // Per live, the highest claim version sent: a change is sent once, its claims each at most once.
  const claimsSent = new Map<string, number>();
  const sendClaims = (change: LiveClaimsChange) => {
    if (!forThisLive(change.liveId)) return;
    const sent = claimsSent.get(change.liveId);
    if (sent === undefined) {
      write(claimsTextOf(change));
    } else {
      if (change.version <= sent) return;
      const claims = change.claims.filter((claim) => claim.version > sent);
      write(
        claims.length === change.claims.length
          ? claimsTextOf(change)
          : `event: claims\ndata: ${JSON.stringify({ ...change, claims })}\n\n`,
      );
    }
    claimsSent.set(change.liveId, Math.max(sent ?? 0, change.version));
  };
  const send = (message: Held, skip?: Set<number>) => {
    if (message.kind === "claims") {
      sendClaims(message.change);
    } else if (message.kind === "claims-changed") {
      // The relay reads them once for the instance and hands them over (above).
    } else if (message.kind === "events") {
      sendEvents(message.events, skip);
    } else if (message.kind === "delivered") {
      // An id without data: the browser's Last-Event-ID moves, no event is dispatched.
      if (message.seq > resumePoint) {
        resumePoint = message.seq;
        write(`id: ${message.seq}\n\n`);
      }
    } else if (message.kind === "orders") {
      if (forThisLive(message.change.liveId))
        write(`event: orders\ndata: ${JSON.stringify(message.change)}\n\n`);
    } else if (message.kind === "source" && forThisLive(message.status.liveId)) {
      write(`event: source\ndata: ${JSON.stringify(message.status)}\n\n`);
    }
  };
  const listener = (message: Held) => {
    if (held) held.push(message);
    else send(message);
  };

  const unsubscribeHub = hub.subscribe(listener);
  const unsubscribeClaims =
    options.claims?.relay.subscribe(scope.liveId, (change) => listener({ kind: "claims", change })) ??
    (() => {});
  const unsubscribe = () => {
    unsubscribeHub();
    unsubscribeClaims();
  };
  const keepAlive = setInterval(() => write(": keep-alive\n\n"), options.keepAliveMs ?? KEEP_ALIVE_MS);
  function close() {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(keepAlive);
    streams.delete(response);
    response.end();
  }
  response.on("close", close);
  streams.add(response);

  startSseResponse(response, options.headers);

  const replayed = new Set<number>();
  try {
    // The claims first (one event, however many): what a sidebar shows depends on them.
    const claims = options.claims;
    if (claims?.resume) {
      const change = await claims.relay.readSince(claims.resume.liveId, claims.resume.after);
      if (closed) return;
      sendClaims(change);
    }
    if (after !== undefined) {
      for await (const item of options.replay(scope, after)) {
        if (closed) return;
        if (item.kind === "gap") {
          // Before the events: the client knows at once what it has to read by itself.
          write(`event: gap\ndata: ${JSON.stringify(item.gap)}\n\n`);
          continue;
        }
        let text = "";
        for (const event of item.events) {
          replayed.add(event.seq);
          text += replayTextOf(event);
          resumePoint = Math.max(resumePoint, event.seq);
        }
        if (text !== "") write(text);
      }
    }
  } catch {
    close();
    return;
  }
  const pending = held;
  held = null;
  for (const message of pending) send(message, replayed);
}
