import type { LiveIngestEvent, LiveIngestResponse } from "@vitrine/domain";

export {
  createIngestClient,
  DEMO_LIVE_INGEST_TOKEN,
  IngestError,
  type IngestClient,
} from "../../bridges/kit/ingest-client.mjs";

export function sendComment(options: {
  url?: string;
  token?: string;
  liveRef: string;
  uniqueId: string;
  comment: string;
  nickname?: string | null;
}): Promise<LiveIngestResponse & { event: LiveIngestEvent }>;
