import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { customerLiveSnapshotSchema, type CustomerLiveSnapshot } from "@vitrine/domain";
import { useEffect, useState } from "react";
import { apiFetch } from "../../../lib/api-client";

const LIVE_URL = "/api/customer/live";
/** After the browser gave up on the stream (an error answer), it is opened again this much later. */
const STREAM_REOPEN_MS = 5_000;

/** A snapshot, and how far the server's clock is ahead of the device's when it came. */
export interface CustomerLiveView {
  snapshot: CustomerLiveSnapshot;
  clockOffsetMs: number;
}

const viewOf = (snapshot: CustomerLiveSnapshot): CustomerLiveView => ({
  snapshot,
  clockOffsetMs: Date.parse(snapshot.serverNow) - Date.now(),
});

export const customerLiveQueryOptions = queryOptions({
  queryKey: ["customer", "live"],
  queryFn: async ({ signal }) =>
    viewOf(await apiFetch(LIVE_URL, { response: customerLiveSnapshotSchema, signal })),
  // The stream keeps it fresh: no refetch on focus on top of it.
  staleTime: Infinity,
});

export type LiveStreamState = "connecting" | "open" | "reconnecting";

/**
 * The customer's live page: the snapshot, then each one the stream sends (scoped to the
 * customer's own claims by the server). EventSource reconnects by itself after a drop; after an
 * error answer it gives up, and this opens it again a little later.
 */
export function useCustomerLive() {
  const queryClient = useQueryClient();
  const query = useQuery(customerLiveQueryOptions);
  const [streamState, setStreamState] = useState<LiveStreamState>("connecting");

  useEffect(() => {
    let cancelled = false;
    let source: EventSource | null = null;
    let reopenTimer: number | undefined;
    const connect = () => {
      if (cancelled) return;
      const stream = new EventSource(`${LIVE_URL}/stream`);
      source = stream;
      stream.onopen = () => setStreamState("open");
      stream.onerror = () => {
        setStreamState("reconnecting");
        if (stream.readyState === EventSource.CLOSED) {
          stream.close();
          reopenTimer = window.setTimeout(connect, STREAM_REOPEN_MS);
        }
      };
      stream.addEventListener("live", (message) => {
        let data: unknown;
        try {
          data = JSON.parse(String(message.data));
        } catch {
          return;
        }
        const parsed = customerLiveSnapshotSchema.safeParse(data);
        if (parsed.success) queryClient.setQueryData(customerLiveQueryOptions.queryKey, viewOf(parsed.data));
      });
    };
    connect();
    return () => {
      cancelled = true;
      window.clearTimeout(reopenTimer);
      source?.close();
    };
  }, [queryClient]);

  return { query, streamState };
}
