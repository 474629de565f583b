import type { LiveIngestEvent } from "@vitrine/domain";

export interface SimulatedViewer {
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
export function seededRandom(seed: number): () => number;
export function createViewers(count: number, seed?: number): SimulatedViewer[];
export function createCommentStream(options?: {
  viewers?: number | SimulatedViewer[];
  refs?: number[];
  seed?: number;
  runId?: string;
}): {
  viewers: SimulatedViewer[];
  chat(): LiveIngestEvent;
  next(): LiveIngestEvent;
  comment(uniqueId: string, text: string): LiveIngestEvent;
};
