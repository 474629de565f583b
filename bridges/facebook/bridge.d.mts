import type { IngestSender, IngestSenderOptions } from "@vitrine/bridge-kit/sender";

export type StopReason = "token" | "gone" | "refused" | "ended" | "operator";
export const STOP_REASONS: Record<StopReason, string>;

export interface FacebookBridge {
  readonly sender: IngestSender;
  readonly done: Promise<StopReason>;
  readonly stats: IngestSender["stats"] & {
    polls: number;
    pages: number;
    comments: number;
    repeated: number;
    anonymous: number;
    rateLimited: number;
  };
  readonly buffered: number;
  start(): void;
  stop(graceMs?: number): Promise<void>;
}

export function createFacebookBridge(
  options: IngestSenderOptions & {
    apiUrl?: string;
    videoId: string;
    pageToken: string;
    fetchImpl?: typeof fetch;
    pollMs?: number;
    statusEveryMs?: number;
    minuteMs?: number;
  },
): FacebookBridge;
