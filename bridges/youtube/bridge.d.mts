import type { LiveIngestEvent, LiveSourceState } from "@vitrine/domain";
import type { IngestSenderOptions, SenderStats } from "@vitrine/bridge-kit/sender";

export const DEFAULT_YOUTUBE_API_URL: string;
export const LIST_COST: number;
export const VIDEO_LOOKUP_COST: number;
export const DEFAULT_DAILY_QUOTA: number;
export const DEFAULT_PLANNED_HOURS: number;
export const QUOTA_WARNING_SHARE: number;
export const MAX_RESULTS: number;

export class YouTubeApiError extends Error {
  constructor(status: number | null, reason: string | null, message: string);
  status: number | null;
  reason: string | null;
}

export function errorKind(error: {
  status: number | null;
  reason: string | null;
}): "quota" | "rate" | "ended" | "refused" | "down";

/** A liveChatMessage resource, as the API answers it. */
export type LiveChatMessage = Record<string, unknown>;

export interface YouTubeApi {
  findLiveChatId(videoId: string, signal?: AbortSignal): Promise<string | null>;
  listMessages(
    page: { liveChatId: string; pageToken: string | null },
    signal?: AbortSignal,
  ): Promise<{
    items?: LiveChatMessage[];
    nextPageToken?: string;
    pollingIntervalMillis?: number;
    offlineAt?: string;
  }>;
}

export function createYouTubeApi(options: {
  apiUrl?: string;
  apiKey?: string;
  accessToken?: string;
  fetchImpl?: typeof fetch;
}): YouTubeApi;

export type YouTubeIngestEvent = LiveIngestEvent & { platform: "youtube" };

export function toIngestEvent(message: unknown, now?: () => number): YouTubeIngestEvent | null;
export function pollDelay(plan: { pollingIntervalMillis?: number; budget: number; hours: number }): number;
export function quotaDay(ms: number): string;
export function progressFile(spoolFolder: string): string;

export type YouTubeBridgeOutcome = "stopped" | "ended" | "refused" | "budget";

export interface YouTubeBridge {
  readonly stats: SenderStats & { historySkipped: number; notComments: number };
  readonly quota: {
    budget: number;
    dailyQuota: number;
    spent: number;
    spentToday: number;
    day: string;
    calls: number;
  };
  readonly state: LiveSourceState | null;
  readonly degraded: boolean;
  readonly buffered: number;
  readonly pageToken: string | null;
  readonly liveChatId: string | null;
  readonly finished: Promise<YouTubeBridgeOutcome>;
  start(): Promise<void>;
  stop(graceMs?: number): Promise<YouTubeBridgeOutcome>;
}

export function createYouTubeBridge(
  options: IngestSenderOptions & {
    api: YouTubeApi;
    liveChatId?: string;
    videoId?: string;
    budget?: number;
    dailyQuota?: number;
    hours?: number;
    progressPath?: string;
    quotaBackoff?: { minMs: number; maxMs: number };
  },
): YouTubeBridge;
