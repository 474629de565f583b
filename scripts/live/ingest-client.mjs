/**
 * The ingestion API's client lives in the bridge kit (bridges/kit), which every bridge installs;
 * the simulator, the benchmarks and the e2e journeys take it from here, with sendComment.
 */
import { createIngestClient } from "../../bridges/kit/ingest-client.mjs";

export { createIngestClient, DEMO_LIVE_INGEST_TOKEN, IngestError } from "../../bridges/kit/ingest-client.mjs";

/** One chat comment from a handle, e.g. the e2e journey's "je prends le 3". */
export async function sendComment({ url, token, liveRef, uniqueId, comment, nickname = null }) {
  const client = createIngestClient({ url, token, liveRef });
  const event = {
    type: "chat",
    msgId: `one-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    createTime: Date.now(),
    tiktokUserId: null,
    uniqueId,
    nickname: nickname ?? uniqueId,
    avatarUrl: null,
    comment,
    payload: { simulated: true },
  };
  const result = await client.sendEvents([event]);
  return { ...result, event };
}
