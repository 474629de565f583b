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

export const USAGE: string;

/** The server the simulator talks to without --url: VITRINE_URL, else APP_URL, else localhost:PORT. */
export function defaultServerUrl(env?: Record<string, string | undefined>): string;

export type SimulatorArgs =
  | { help: true; error?: undefined; options?: undefined }
  | { error: string; help?: undefined; options?: undefined }
  | {
      options: {
        url: string;
        token: string;
        liveRef: string;
        rate: number;
        durationSeconds: number;
        viewers: number;
        seed: number;
      };
      help?: undefined;
      error?: undefined;
    };

export function readSimulatorArgs(args: string[], env?: Record<string, string | undefined>): SimulatorArgs;
