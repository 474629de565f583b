import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveFeed } from "../live-feed";
import { liveEventsQueryOptions, liveViewersQueryOptions } from "./api";

/** A burst of comments asks for one read of the tables, not one per comment. */
const REFETCH_GROUPING_MS = 250;

/**
 * Keeps the live page's viewers and events tables current: the live's feed stream (or its polling
 * fallback) says something arrived, the tables are read again.
 */
export function useLiveDetailRealtime(liveId: string) {
  const queryClient = useQueryClient();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useLiveFeed({
    liveId,
    onEvents: () => {
      if (timer.current !== undefined) return;
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: liveViewersQueryOptions(liveId).queryKey });
        void queryClient.invalidateQueries({ queryKey: liveEventsQueryOptions(liveId).queryKey });
      }, REFETCH_GROUPING_MS);
    },
  });
}
