import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  liveFeedGapResponseSchema,
  liveFeedResponseSchema,
  liveSourceHealthResponseSchema,
  liveSourceStatusListResponseSchema,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { query } from "../admin-shared/api/query-string";

const feedUrl = "/api/admin/live-feed";

/**
 * Stored events of the feed (the polling fallback): the latest ones, or the newest ones after a
 * seq, with the gap of the older ones when there were more.
 */
export function fetchFeedEvents(params: {
  liveId?: string | undefined;
  after?: number | undefined;
  types?: string;
}) {
  return apiFetch(`${feedUrl}/events${query(params)}`, { response: liveFeedResponseSchema });
}

/** One page of a gap the stream announced: events oldest first, and where the next page starts. */
export function fetchFeedGap(params: {
  liveId?: string | undefined;
  types?: string | undefined;
  after: number;
  through: number;
}) {
  return apiFetch(`${feedUrl}/gap${query(params)}`, { response: liveFeedGapResponseSchema });
}

/**
 * The stream's URL: resumes after `after` on its first connection, by Last-Event-ID afterwards;
 * sends first the claims of `claimsLiveId` changed after `claimsAfter` (a version).
 */
export function feedStreamUrl(params: {
  liveId?: string | undefined;
  after?: number | undefined;
  types?: string | undefined;
  claimsLiveId?: string | undefined;
  claimsAfter?: number | undefined;
}) {
  return `${feedUrl}/stream${query(params)}`;
}

export const liveSourcesQueryOptions = queryOptions({
  queryKey: ["admin", "live-sidebar", "sources"],
  queryFn: ({ signal }) =>
    apiFetch(`${feedUrl}/sources`, { response: liveSourceStatusListResponseSchema, signal }),
  select: (data) => data.sources,
});

export function useLiveSources() {
  return useQuery(liveSourcesQueryOptions);
}

/** How often the live's health is read again: the silence banner shows within its delay plus this. */
export const SOURCE_HEALTH_POLL_MS = 3_000;

/** A live's sources, whether it is silent (the server decides) and the cuts its sources reported. */
export const liveSourceHealthQueryOptions = (liveId: string) =>
  queryOptions({
    queryKey: ["admin", "live-feed", "health", liveId],
    queryFn: ({ signal }) =>
      apiFetch(`${feedUrl}/health${query({ liveId })}`, { response: liveSourceHealthResponseSchema, signal }),
    select: (data) => data.health,
    refetchInterval: SOURCE_HEALTH_POLL_MS,
  });

export function useLiveSourceHealth(liveId: string) {
  return useQuery(liveSourceHealthQueryOptions(liveId));
}
