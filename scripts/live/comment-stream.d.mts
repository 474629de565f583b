import type { LiveIngestEvent } from "@vitrine/domain";

export interface SimulatedViewer {
  uniqueId: string;
  nickname: string;
  tiktokUserId: string | null;
  avatarUrl: string | null;
}

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
