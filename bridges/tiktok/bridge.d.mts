import type { LiveIngestEvent, LiveSourceState } from "@vitrine/domain";
import type { IngestSenderOptions, SenderStats } from "@vitrine/bridge-kit/sender";

export {
  BATCH_MAX_BYTES,
  BATCH_MAX_EVENTS,
  backoffDelay,
  eventBytes,
  isPermanentRefusal,
  MAX_EVENT_BYTES,
} from "@vitrine/bridge-kit/sender";

export const CONNECTOR_EVENTS: Record<string, string>;

export function toIngestEvent(type: string, data: unknown, now?: () => number): LiveIngestEvent | null;

export interface BridgeConnection {
  on(event: string, listener: (data: any) => void): unknown; // eslint-disable-line @typescript-eslint/no-explicit-any
  connect(): Promise<unknown>;
  disconnect(): Promise<unknown>;
}

export interface TikTokBridge {
  readonly stats: SenderStats;
  readonly degraded: boolean;
  readonly state: LiveSourceState | null;
  readonly buffered: number;
  start(): Promise<void>;
  stop(graceMs?: number): Promise<void>;
  flush(): Promise<void>;
}

export function createTikTokBridge(
  options: IngestSenderOptions & { createConnection: () => BridgeConnection },
): TikTokBridge;
