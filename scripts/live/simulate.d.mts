import type { LiveIngestEvent, LiveIngestResponse } from "@vitrine/domain";
import type { SimulatedPlatform, SimulatedViewer } from "./comment-stream.mjs";

export interface SimulationStats {
  sent: number;
  acked: number;
  accepted: number;
  duplicates: number;
  failed: number;
  comments: number;
  /** Comments written as claims, un-claims and doubtful claims (with claimShare). */
  claims: number;
  unclaims: number;
  doubts: number;
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
  /** How many viewers, or the viewers themselves (two sources sharing one audience). */
  viewers?: number | SimulatedViewer[];
  seed?: number;
  /** Keeps msgIds unique across sources started at the same instant. */
  runId?: string;
  claimShare?: number | null;
  refs?: number[];
  burst?: SimulationBurst | null;
  /** The platforms the viewers are spread over (default TikTok only); ignored with given viewers. */
  platforms?: readonly SimulatedPlatform[];
  batchMax?: number;
  concurrency?: number;
  signal?: AbortSignal;
  onAck?: (events: LiveIngestEvent[], result: LiveIngestResponse) => void;
  log?: (message: string) => void;
  reportStatus?: boolean;
}): Promise<SimulationStats>;

export interface SimulationBurst {
  /** Comments per second during a burst. */
  rate: number;
  /** A burst starts every this many seconds (the first one this far in). */
  every: number;
  seconds: number;
}

export function commentsDue(elapsed: number, rate: number, burst?: SimulationBurst | null): number;
export function parseRefs(text: string): number[] | null;
export function refsOfLive(databaseUrl: string, liveRef: string): Promise<number[]>;

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
        claimShare?: number;
        /** "live": read the live's product references from DATABASE_URL. */
        refs?: number[] | "live";
        burst?: SimulationBurst;
        platforms: SimulatedPlatform[];
      };
      help?: undefined;
      error?: undefined;
    };

export function readSimulatorArgs(args: string[], env?: Record<string, string | undefined>): SimulatorArgs;
