#!/usr/bin/env node
/**
 * npm run live:tiktok -- --live <ref> --user <tiktok handle> [--url http://localhost:3000] [--token ...]
 *                        [--set-aside vitrine-set-aside.jsonl] [--spool vitrine-spool]
 * Connects to a TikTok live with tiktok-live-connector and sends its chat, member, gift and like
 * events to Vitrine's ingestion API. Ctrl-C stops it cleanly (buffered events are sent first).
 * Events the server refuses for good are appended to the set-aside file, one JSON line each.
 * Events not acknowledged yet are kept in the spool folder and sent first at the next start.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { BRIDGE_CLI_OPTIONS } from "@vitrine/bridge-kit/ingest-client";
import { openSpool, spoolFolder } from "@vitrine/bridge-kit/spool";
import { createTikTokBridge } from "./bridge.mjs";

const { values } = parseArgs({
  options: {
    ...BRIDGE_CLI_OPTIONS,
    user: { type: "string" },
    // A module exporting TikTokLiveConnection in place of tiktok-live-connector's (tests, demos).
    connector: { type: "string" },
  },
});
if (!values.live || !values.user) {
  console.error(
    "Usage: npm run live:tiktok -- --live <ref> --user <tiktok handle> [--url ...] [--token ...]",
  );
  process.exit(2);
}
const { TikTokLiveConnection } = await import(
  values.connector ? pathToFileURL(path.resolve(values.connector)).href : "tiktok-live-connector"
);
const log = (message) => console.log(`[tiktok] ${message}`);
const handle = values.user.replace(/^@/, "");
const spool = openSpool(spoolFolder(values.spool, values.live), { log });
const bridge = createTikTokBridge({
  spool,
  // The recent comments are emitted again on each (re)connection: they fill part of a cut, and
  // the bridge (then the server) skips the msgIds it already has.
  createConnection: () => new TikTokLiveConnection(handle, { processInitialData: true }),
  url: values.url,
  token: values.token,
  liveRef: values.live,
  log,
  setAsidePath: values["set-aside"],
});
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  log("stopping: sending the buffered events");
  await bridge.stop();
  const { received, acknowledged, dropped, duplicates, serverDuplicates, setAside } = bridge.stats;
  log(
    `received ${received}, acknowledged ${acknowledged}, dropped ${dropped}, ` +
      `skipped ${duplicates} repeated, ${serverDuplicates} already stored, set aside ${setAside}` +
      (setAside > 0 ? ` (in ${values["set-aside"]})` : "") +
      (bridge.buffered > 0 ? `, ${bridge.buffered} kept in the spool for the next start` : ""),
  );
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());
log(
  `@${handle} -> live "${values.live}" at ${values.url}, spool in ${spoolFolder(values.spool, values.live)}`,
);
await bridge.start();
