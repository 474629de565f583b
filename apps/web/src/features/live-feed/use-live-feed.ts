import { useQueryClient } from "@tanstack/react-query";
import {
  LIVE_FEED_POLL_MS,
  liveFeedEventSchema,
  liveClaimsChangeSchema,
  liveFeedGapSchema,
  liveOrdersChangedSchema,
  liveSourceStatusSchema,
  type LiveClaimsChange,
  type LiveFeedEvent,
  type LiveOrdersChanged,
  type LiveSourceStatus,
} from "@vitrine/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { feedStreamUrl, fetchFeedEvents, fetchFeedGap, liveSourcesQueryOptions, useLiveSources } from "./api";
import { addGap, gapPageRead, missedCount, NO_GAPS, type FeedGap } from "./feed-gaps";
import { mergeFeedEvents } from "./feed-merge";

/** Between two pages of a gap: a long gap is read without freezing the page or flooding the server. */
const GAP_PAGE_PAUSE_MS = 200;
/** The wait before a page reopens its stream after an error (the server's `retry`). */
const STREAM_RETRY_MS = 1_000;

/**
 * The stream's own state: "open" while events flow; "reconnecting" while the browser reconnects by
 * itself; "down" when the browser gave up (the page reopens it every LIVE_FEED_POLL_MS).
 */
export type StreamState = "connecting" | "open" | "reconnecting" | "down";

export const streamStateLabels: Record<StreamState, string> = {
  connecting: "Connexion au direct…",
  open: "Direct actif",
  reconnecting: "Direct : reconnexion…",
  down: "Direct interrompu : actualisation toutes les 5 secondes",
};

export interface LiveFeedOptions {
  /** One live, or every active live. */
  liveId?: string | undefined;
  /** Comma-separated event types ("chat"); all when absent. */
  types?: string;
  /** New events, as they arrive (not the first load). */
  onEvents?: (events: readonly LiveFeedEvent[]) => void;
  /** An order changed (`orders` event), or null when the page could not hear it (poll, refresh). */
  onOrders?: (change: LiveOrdersChanged | null) => void;
  /** Claims changed (`claims` event): of the feed's live, or of any live when it spans them all. */
  onClaims?: (change: LiveClaimsChange) => void;
  /**
   * The live whose claims a (re)opened stream resumes, and the highest claim version the page
   * holds: read at each connection. With it the page reopens the stream itself after an error
   * (the browser's own reconnection would send the first URL's, stale, version).
   */
  claimsResume?: () => { liveId: string; after: number } | undefined;
}

function parseData(data: unknown): unknown {
  if (typeof data !== "string") return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return parsed;
  } catch {
    return undefined;
  }
}

type ResumePoint = { current: number | undefined };

/** Moves the point the feed resumes after (stream reopening, polling) forward, never back. */
function resumeAt(point: ResumePoint, seq: number) {
  if (point.current === undefined || seq > point.current) point.current = seq;
}

/** Events read from the database are a prefix of the seq order: resuming after them misses none. */
function resumeAfterStored(point: ResumePoint, stored: readonly LiveFeedEvent[]) {
  for (const event of stored) resumeAt(point, event.seq);
}

/**
 * The live's events in real time: one EventSource on the feed stream, resumed after the server's
 * last id (the browser sends Last-Event-ID when it reconnects; a reopened stream and the polling
 * use the same point), and the spec's 5 s polling of the stored events while the stream is not open. Keeps the latest LIVE_FEED_LIMIT, by seq, each once.
 */
export function useLiveFeed({ liveId, types, onEvents, onOrders, onClaims, claimsResume }: LiveFeedOptions) {
  const queryClient = useQueryClient();
  const sources = useLiveSources();
  // Both belong to one scope (live and types): another scope starts from nothing.
  const scope = `${liveId ?? ""}|${types ?? ""}`;
  const [held, setHeld] = useState<{ scope: string; events: readonly LiveFeedEvent[] }>({
    scope,
    events: [],
  });
  const [stream, setStream] = useState<{ scope: string; state: StreamState }>({ scope, state: "connecting" });
  const [gapState, setGapState] = useState<{ scope: string; gaps: readonly FeedGap[] }>({
    scope,
    gaps: NO_GAPS,
  });
  const gaps = gapState.scope === scope ? gapState.gaps : NO_GAPS;
  const events = held.scope === scope ? held.events : [];
  const streamState = stream.scope === scope ? stream.state : "connecting";
  const [loadFailed, setLoadFailed] = useState(false);
  const resumePoint = useRef<number | undefined>(undefined);
  const callbacks = useRef({ onEvents, onOrders, onClaims, claimsResume });
  useEffect(() => {
    callbacks.current = { onEvents, onOrders, onClaims, claimsResume };
  });
  // Fixed for the hook's life: whether the page reopens the stream itself.
  const [reopensItself] = useState(() => claimsResume !== undefined);

  const merge = useCallback(
    (incoming: readonly LiveFeedEvent[]) => {
      setHeld((current) => {
        const base = current.scope === scope ? current.events : [];
        const merged = mergeFeedEvents(base, incoming);
        return merged === current.events ? current : { scope, events: merged };
      });
    },
    [scope],
  );
  const updateGaps = useCallback(
    (change: (gaps: readonly FeedGap[]) => readonly FeedGap[]) => {
      setGapState((current) => {
        const base = current.scope === scope ? current.gaps : NO_GAPS;
        const next = change(base);
        return next === current.gaps ? current : { scope, gaps: next };
      });
    },
    [scope],
  );
  const setStreamState = useCallback((state: StreamState) => setStream({ scope, state }), [scope]);

  const storeSource = useCallback(
    (status: LiveSourceStatus) => {
      queryClient.setQueryData(liveSourcesQueryOptions.queryKey, (data) => ({
        sources: [
          ...(data?.sources ?? []).filter(
            (source) => source.liveId !== status.liveId || source.source !== status.source,
          ),
          status,
        ],
      }));
    },
    [queryClient],
  );

  useEffect(() => {
    let cancelled = false;
    let source: EventSource | null = null;
    let reopenTimer: number | undefined;
    resumePoint.current = undefined;

    const connect = () => {
      if (cancelled) return;
      const claims = callbacks.current.claimsResume?.();
      const stream = new EventSource(
        feedStreamUrl({
          liveId,
          types,
          after: resumePoint.current ?? 0,
          ...(claims ? { claimsLiveId: claims.liveId, claimsAfter: claims.after } : {}),
        }),
      );
      source = stream;
      stream.onopen = () => setStreamState("open");
      stream.onerror = () => {
        if (reopensItself && stream.readyState !== EventSource.CLOSED) {
          // Reopened with the resume points of now (comments and claims), as the browser would.
          setStreamState("reconnecting");
          stream.close();
          reopenTimer = window.setTimeout(connect, STREAM_RETRY_MS);
        } else if (stream.readyState === EventSource.CLOSED) {
          // The browser gave up (the server answered with an error): poll, and try again later.
          setStreamState("down");
          stream.close();
          reopenTimer = window.setTimeout(connect, LIVE_FEED_POLL_MS);
        } else {
          setStreamState("reconnecting");
        }
      };
      stream.addEventListener("live-event", (message) => {
        const parsed = liveFeedEventSchema.safeParse(parseData(message.data));
        if (!parsed.success) return;
        // Not the event's seq: across server instances events may come out of order, and the
        // server's id says up to where every event has been sent.
        const sentThrough = Number(message.lastEventId);
        if (Number.isInteger(sentThrough) && sentThrough > 0) resumeAt(resumePoint, sentThrough);
        merge([parsed.data]);
        callbacks.current.onEvents?.([parsed.data]);
      });
      // The replay skipped older events (too many): counted, then read page by page below.
      stream.addEventListener("gap", (message) => {
        const parsed = liveFeedGapSchema.safeParse(parseData(message.data));
        if (parsed.success) updateGaps((current) => addGap(current, parsed.data));
      });
      stream.addEventListener("orders", (message) => {
        const parsed = liveOrdersChangedSchema.safeParse(parseData(message.data));
        if (parsed.success) callbacks.current.onOrders?.(parsed.data);
      });
      stream.addEventListener("claims", (message) => {
        const parsed = liveClaimsChangeSchema.safeParse(parseData(message.data));
        if (parsed.success) callbacks.current.onClaims?.(parsed.data);
      });
      stream.addEventListener("source", (message) => {
        const parsed = liveSourceStatusSchema.safeParse(parseData(message.data));
        if (parsed.success) storeSource(parsed.data);
      });
    };

    fetchFeedEvents({ liveId, ...(types ? { types } : {}) }).then(
      ({ events: loaded }) => {
        if (cancelled) return;
        setLoadFailed(false);
        resumeAfterStored(resumePoint, loaded);
        merge(loaded);
        connect();
      },
      () => {
        if (cancelled) return;
        setLoadFailed(true);
        connect();
      },
    );
    return () => {
      cancelled = true;
      source?.close();
      window.clearTimeout(reopenTimer);
    };
  }, [liveId, types, merge, storeSource, setStreamState, updateGaps, reopensItself]);

  // Reads the oldest gap one page at a time until it is read; a failed page is asked again later.
  const nextGap = gaps[0];
  useEffect(() => {
    if (!nextGap) return;
    let cancelled = false;
    let timer: number | undefined;
    const read = () => {
      fetchFeedGap({ liveId, types, after: nextGap.after, through: nextGap.through }).then(
        (page) => {
          if (cancelled) return;
          merge(page.events);
          if (page.events.length > 0) callbacks.current.onEvents?.(page.events);
          updateGaps((current) => gapPageRead(current, nextGap, page));
        },
        () => {
          if (!cancelled) timer = window.setTimeout(read, LIVE_FEED_POLL_MS);
        },
      );
    };
    timer = window.setTimeout(read, GAP_PAGE_PAUSE_MS);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [nextGap, liveId, types, merge, updateGaps]);

  /** Reads what the stream may have missed: stored events after the last seq, sources, orders. */
  const catchUp = useCallback(async () => {
    const [{ events: loaded, gap }] = await Promise.all([
      fetchFeedEvents({ liveId, after: resumePoint.current, ...(types ? { types } : {}) }),
      queryClient.invalidateQueries({ queryKey: liveSourcesQueryOptions.queryKey }),
    ]);
    setLoadFailed(false);
    // More came than one poll carries: the newest are here, the older ones are read back.
    if (gap) updateGaps((current) => addGap(current, gap));
    resumeAfterStored(resumePoint, loaded);
    merge(loaded);
    if (loaded.length > 0) callbacks.current.onEvents?.(loaded);
    callbacks.current.onOrders?.(null);
  }, [liveId, types, merge, queryClient, updateGaps]);

  const streamDown = streamState === "reconnecting" || streamState === "down";
  useEffect(() => {
    if (!streamDown) return;
    const timer = window.setInterval(() => {
      catchUp().catch(() => setLoadFailed(true));
    }, LIVE_FEED_POLL_MS);
    return () => window.clearInterval(timer);
  }, [streamDown, catchUp]);

  const [refreshing, setRefreshing] = useState(false);
  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      await catchUp();
    } catch {
      setLoadFailed(true);
    } finally {
      setRefreshing(false);
    }
  }, [catchUp]);

  return {
    events,
    streamState,
    sources: sources.data ?? [],
    loadFailed,
    refresh,
    refreshing,
    /** Events the stream announced as a gap and not read yet. */
    missed: missedCount(gaps),
  };
}
