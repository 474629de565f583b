#!/usr/bin/env node
/**
 * npm run live:youtube -- --live <ref> (--video <video id> | --chat <live chat id>)
 *                         [--url http://localhost:3000] [--token ...] [--api-key ... | YOUTUBE_ACCESS_TOKEN]
 *                         [--hours 2] [--budget 10000] [--quota 10000]
 *                         [--set-aside vitrine-set-aside.jsonl] [--spool vitrine-spool] [--api-url ...]
 * Reads a YouTube live's chat with the YouTube Data API and sends its comments to Vitrine's
 * ingestion API. Ctrl-C stops it cleanly (buffered events are sent first). It stops by itself when
 * the chat ends, when YouTube refuses the key or token, or when the budget is spent.
 */
import { BRIDGE_CLI_OPTIONS } from "@vitrine/bridge-kit/ingest-client";
import { openSpool, spoolFolder } from "@vitrine/bridge-kit/spool";
import { parseArgs } from "node:util";
import {
  createYouTubeApi,
  createYouTubeBridge,
  DEFAULT_DAILY_QUOTA,
  DEFAULT_PLANNED_HOURS,
  DEFAULT_YOUTUBE_API_URL,
  progressFile,
} from "./bridge.mjs";

const { values } = parseArgs({
  options: {
    ...BRIDGE_CLI_OPTIONS,
    video: { type: "string" },
    chat: { type: "string" },
    "api-url": { type: "string", default: process.env.YOUTUBE_API_URL || DEFAULT_YOUTUBE_API_URL },
    "api-key": { type: "string", default: process.env.YOUTUBE_API_KEY },
    hours: { type: "string", default: String(DEFAULT_PLANNED_HOURS) },
    quota: { type: "string", default: String(DEFAULT_DAILY_QUOTA) },
    budget: { type: "string" },
  },
});
const usage =
  "Usage: npm run live:youtube -- --live <ref> (--video <video id> | --chat <live chat id>) [--url ...] [--token ...] [--api-key ...]";
const positive = (name) => {
  const number = Number(values[name]);
  if (!Number.isFinite(number) || number <= 0) {
    console.error(`--${name} doit être un nombre positif (reçu : ${values[name]})`);
    process.exit(2);
  }
  return number;
};
if (!values.live || (!values.video && !values.chat)) {
  console.error(usage);
  process.exit(2);
}
// With both, the key is used: it does not expire within the hour as an access token does.
const accessToken = values["api-key"] ? undefined : process.env.YOUTUBE_ACCESS_TOKEN || undefined;
if (!values["api-key"] && !accessToken) {
  console.error(
    "Il faut une clé d'API YouTube (--api-key ou YOUTUBE_API_KEY) ou un jeton OAuth (YOUTUBE_ACCESS_TOKEN)",
  );
  process.exit(2);
}
const hours = positive("hours");
const dailyQuota = positive("quota");
const budget = values.budget === undefined ? dailyQuota : positive("budget");

const log = (message) => console.log(`[youtube] ${message}`);
const folder = spoolFolder(values.spool, values.live, "youtube");
const bridge = createYouTubeBridge({
  api: createYouTubeApi({ apiUrl: values["api-url"], apiKey: values["api-key"], accessToken }),
  liveChatId: values.chat,
  videoId: values.video,
  hours,
  budget,
  dailyQuota,
  spool: openSpool(folder, { log }),
  progressPath: progressFile(folder),
  url: values.url,
  token: values.token,
  liveRef: values.live,
  setAsidePath: values["set-aside"],
  log,
});

const summary = () => {
  const { received, acknowledged, dropped, duplicates, serverDuplicates, setAside, historySkipped } =
    bridge.stats;
  log(
    `received ${received}, acknowledged ${acknowledged}, dropped ${dropped}, ` +
      `skipped ${duplicates} repeated and ${historySkipped} of history, ${serverDuplicates} already stored, ` +
      `set aside ${setAside}` +
      (setAside > 0 ? ` (in ${values["set-aside"]})` : "") +
      (bridge.buffered > 0 ? `, ${bridge.buffered} kept in the spool for the next start` : ""),
  );
};
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  log("stopping: sending the buffered events");
  await bridge.stop();
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
log(
  `${values.video ? `video ${values.video}` : `chat ${values.chat}`} -> live "${values.live}" at ${values.url}, ` +
    `spool in ${folder}, budget ${budget} units over ${hours} h`,
);
await bridge.start();
const reason = await bridge.finished;
summary();
// Refused by YouTube or out of budget: the operator must act (a key, a token, a setting).
process.exit(reason === "refused" || reason === "budget" ? 1 : 0);
