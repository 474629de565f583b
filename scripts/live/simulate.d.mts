import type { LiveIngestEvent, LiveIngestResponse } from "@vitrine/domain";

export interface SimulationStats {
  sent: number;
  acked: number;
  accepted: number;
  duplicates: number;
  failed: number;
  comments: number;
  /** The server's answer when it refused for good (the simulation then stopped), else null. */
  refusal: string | null;
  seconds: number;
}

export function runSimulation(options: {
  url?: string;
  token?: string;
  liveRef: string;
  rate?: number;
  durationSeconds?: number;
  viewers?: number;
  seed?: number;
  batchMax?: number;
  concurrency?: number;
  signal?: AbortSignal;
  onAck?: (events: LiveIngestEvent[], result: LiveIngestResponse) => void;
  log?: (message: string) => void;
  reportStatus?: boolean;
}): Promise<SimulationStats>;
