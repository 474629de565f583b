#!/usr/bin/env node
/**
 * npm run live:tiktok -- --live <ref> --user <tiktok handle> [--url http://localhost:3000] [--token ...]
 * Connects to a TikTok live with tiktok-live-connector and sends its chat, member, gift and like
 * events to Vitrine's ingestion API. Ctrl-C stops it cleanly (buffered events are sent first).
 */
import { parseArgs } from "node:util";
import { createIngestClient, DEMO_LIVE_INGEST_TOKEN } from "../../scripts/live/ingest-client.mjs";
import { createTikTokBridge } from "./bridge.mjs";

const { values } = parseArgs({
  options: {
    live: { type: "string" },
    user: { type: "string" },
    url: { type: "string", default: process.env.VITRINE_URL ?? "http://localhost:3000" },
    token: { type: "string", default: process.env.LIVE_INGEST_TOKEN ?? DEMO_LIVE_INGEST_TOKEN },
  },
});
if (!values.live || !values.user) {
  console.error(
    "Usage: npm run live:tiktok -- --live <ref> --user <tiktok handle> [--url ...] [--token ...]",
  );
  process.exit(2);
}
const { TikTokLiveConnection } = await import("tiktok-live-connector");
const log = (message) => console.log(`[tiktok] ${message}`);
const handle = values.user.replace(/^@/, "");
const bridge = createTikTokBridge({
  createConnection: () => new TikTokLiveConnection(handle, { processInitialData: false }),
  ingest: createIngestClient({ url: values.url, token: values.token, liveRef: values.live }),
  log,
});
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  log("stopping: sending the buffered events");
  await bridge.stop();
  log(
    `received ${bridge.stats.received}, acknowledged ${bridge.stats.acknowledged}, dropped ${bridge.stats.dropped}`,
  );
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
log(`@${handle} -> live "${values.live}" at ${values.url}`);
await bridge.start();
