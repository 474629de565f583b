import type { LiveIngestEvent, LiveIngestResponse, LiveSourceState } from "@vitrine/domain";
import type { Spool } from "./spool.mjs";

export const CONNECTOR_EVENTS: Record<string, string>;
export const MAX_EVENT_BYTES: number;
export const BATCH_MAX_EVENTS: number;
export const BATCH_MAX_BYTES: number;

export function eventBytes(event: LiveIngestEvent): number;
export function toIngestEvent(type: string, data: unknown, now?: () => number): LiveIngestEvent | null;
export function backoffDelay(
  attempt: number,
  limits?: { minMs: number; maxMs: number },
  random?: () => number,
): number;
export function isPermanentRefusal(status: unknown): boolean;

export interface BridgeConnection {
  on(event: string, listener: (data: any) => void): unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
  connect(): Promise<unknown>;
  disconnect(): Promise<unknown>;
}

export interface TikTokBridge {
  readonly stats: {
    received: number;
    acknowledged: number;
    dropped: number;
    duplicates: number;
    serverDuplicates: number;
    setAside: number;
    fromSpool: number;
  };
  readonly degraded: boolean;
  readonly state: LiveSourceState | null;
  readonly buffered: number;
  start(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
  flush(): Promise<void>;
}

export function createTikTokBridge(options: {
  createConnection: () => BridgeConnection;
  ingest: {
    sendEvents(events: LiveIngestEvent[]): Promise<LiveIngestResponse>;
    sendStatus(
      state: LiveSourceState,
      health?: { lastEventAt?: number; reconnects?: number; duplicatesDropped?: number },
    ): Promise<unknown>;
    sendGap?(gap: { from: number; to: number; resent: number }): Promise<unknown>;
  };
  log?: (message: string) => void;
  onSetAside?: (events: LiveIngestEvent[], error: Error & { status?: number }) => void;
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
  flushMs?: number;
  batchMax?: number;
  batchMaxBytes?: number;
  maxBuffered?: number;
  spool?: Spool | null;
  spoolSyncMs?: number;
  healthEveryMs?: number;
  gapSettleMs?: number;
  now?: () => number;
}): TikTokBridge;
