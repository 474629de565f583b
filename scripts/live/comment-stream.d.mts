import type { DoubtReason, LiveIngestEvent } from "@vitrine/domain";

export type SimulatedPlatform = "tiktok" | "youtube" | "facebook" | "instagram";
export const SIMULATED_PLATFORMS: readonly SimulatedPlatform[];

export interface SimulatedViewer {
  /** Absent: TikTok. */
  platform?: SimulatedPlatform;
  /** The TikTok handle, or another platform's author id. */
  uniqueId: string;
  nickname: string;
  tiktokUserId: string | null;
  avatarUrl: string | null;
}

/** What the TikTok bridge sends for a connector event of `type` holding these values. */
export function bridgeBuiltEvent(
  type: LiveIngestEvent["type"],
  values: {
    msgId: string;
    createTime: number;
    userId: string | null;
    handle: string;
    nickname: string | null;
    avatarUrl: string | null;
    content?: string;
  },
): LiveIngestEvent;
/** What another platform's bridge sends for a comment. */
export function platformBuiltEvent(
  platform: Exclude<SimulatedPlatform, "tiktok">,
  values: {
    msgId: string;
    createTime: number;
    userId: string;
    nickname: string | null;
    avatarUrl: string | null;
    content: string;
  },
): LiveIngestEvent;
/** The doubtful claims of the claim mix, each with the reason the domain's reader gives. */
export const DOUBT_TEMPLATES: ReadonlyArray<{
  reason: DoubtReason;
  write(ref: number): string;
}>;
export function seededRandom(seed: number): () => number;
export function createViewers(
  count: number,
  seed?: number,
  platforms?: readonly SimulatedPlatform[],
): SimulatedViewer[];
export function createCommentStream(options?: {
  viewers?: number | SimulatedViewer[];
  refs?: number[];
  seed?: number;
  runId?: string;
  /** The share of comments (0 to 1) that claim or give up a reference; null: the original mix. */
  claimShare?: number | null;
  /** The platforms the viewers are spread over (default TikTok only). */
  platforms?: readonly SimulatedPlatform[];
}): {
  viewers: SimulatedViewer[];
  chat(): LiveIngestEvent;
  /** What a chat event of this stream was written as (with claimShare; else always "other"). */
  intentOf(event: LiveIngestEvent): "claim" | "unclaim" | "doubt" | "other";
  next(): LiveIngestEvent;
  comment(uniqueId: string, text: string): LiveIngestEvent;
};
