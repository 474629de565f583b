import type { LiveIngestEvent, LiveIngestResponse, LiveSourceState } from "@vitrine/domain";

export const DEMO_LIVE_INGEST_TOKEN: string;
export const BRIDGE_CLI_OPTIONS: {
  live: { type: "string" };
  url: { type: "string"; default: string };
  token: { type: "string"; default: string };
  "set-aside": { type: "string"; default: string };
  spool: { type: "string"; default: string };
};

export class IngestError extends Error {
  status: number;
}

export interface IngestClient {
  sendEvents(events: LiveIngestEvent[]): Promise<LiveIngestResponse>;
  sendStatus(
    state: LiveSourceState,
    health?: {
      lastEventAt?: number | null;
      reconnects?: number;
      duplicatesDropped?: number;
      source?: string;
    },
  ): Promise<unknown>;
  sendGap(gap: { from: number; to: number; resent: number; source?: string }): Promise<unknown>;
}

export function createIngestClient(options: {
  url?: string;
  token?: string;
  liveRef: string;
  maxAttempts?: number;
  fetchImpl?: typeof fetch;
  onRetry?: (retry: { attempt: number; reason: string }) => void;
}): IngestClient;
