import type { LiveIngestEvent } from "@vitrine/domain";

export const SPOOL_SEGMENT_EVENTS: number;
export function spoolFolder(
  root: string,
  liveRef: string,
  platform?: "tiktok" | "youtube" | "facebook" | "instagram",
): string;

export interface Spool {
  readonly pending: { event: LiveIngestEvent; segment: number }[];
  append(event: LiveIngestEvent): number;
  sync(): void;
  readonly unsynced: number;
  acknowledge(segment: number, count?: number): void;
  files(): string[];
  close(): void;
}

export function openSpool(
  folder: string,
  options?: { log?: (message: string) => void; segmentEvents?: number },
): Spool;
