import type { LiveIngestEvent, LiveIngestResponse, LiveSourceState } from "@vitrine/domain";
import type { Spool } from "./spool.mjs";

export const MAX_EVENT_BYTES: number;
export const BATCH_MAX_EVENTS: number;
export const BATCH_MAX_BYTES: number;

export function boundedText(value: unknown, max: number): string | null;
export function eventBytes(event: LiveIngestEvent): number;
export function backoffDelay(
  attempt: number,
  limits?: { minMs: number; maxMs: number },
  random?: () => number,
): number;
export function isPermanentRefusal(status: unknown): boolean;

export type SetAsideHandler = (events: LiveIngestEvent[], error: Error & { status?: number }) => void;
export function setAsideToFile(file: string, liveRef: string): SetAsideHandler;

export interface SourceHealth {
  lastEventAt?: number;
  reconnects?: number;
  duplicatesDropped?: number;
  source?: string;
}

/** The ingestion API as the sender uses it (createIngestClient's, or a test's fake). */
export interface IngestTarget {
  sendEvents(events: LiveIngestEvent[]): Promise<LiveIngestResponse>;
  sendStatus(state: LiveSourceState, health?: SourceHealth): Promise<unknown>;
  sendGap?(gap: { from: number; to: number; resent: number; source?: string }): Promise<unknown>;
}

export interface SenderStats {
  received: number;
  acknowledged: number;
  dropped: number;
  duplicates: number;
  serverDuplicates: number;
  setAside: number;
  fromSpool: number;
}

export interface IngestSenderOptions {
  ingest?: IngestTarget;
  url?: string;
  token?: string;
  liveRef?: string;
  source?: string;
  log?: (message: string) => void;
  onSetAside?: SetAsideHandler;
  setAsidePath?: string;
  backoff?: { minMs: number; maxMs: number };
  random?: () => number;
  flushMs?: number;
  batchMax?: number;
  batchMaxBytes?: number;
  maxBuffered?: number;
  setTimer?: (callback: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimer?: (timer: ReturnType<typeof setTimeout>) => void;
  spool?: Spool | null;
  spoolSyncMs?: number;
  healthEveryMs?: number;
  gapSettleMs?: number;
  now?: () => number;
}

export interface IngestSender {
  readonly stats: SenderStats;
  readonly degraded: boolean;
  readonly state: LiveSourceState | null;
  readonly buffered: number;
  enqueue(event: LiveIngestEvent | null): boolean;
  has(msgId: string): boolean;
  report(state: LiveSourceState): Promise<void>;
  connectionLost(): void;
  connectionBack(): void;
  syncSpool(): void;
  start(): void;
  settle(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
  flush(): Promise<void>;
}

export function createIngestSender(options: IngestSenderOptions): IngestSender;
