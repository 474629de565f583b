import { queryOptions, useQuery } from "@tanstack/react-query";
import {
  liveFeedGapResponseSchema,
  liveFeedResponseSchema,
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
