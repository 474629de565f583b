#!/usr/bin/env node
/**
 * npm run live:facebook -- --live <ref> --video <live video id> [--page-token ...] [--api-url ...]
 *                          [--url http://localhost:3000] [--token ...]
 *                          [--set-aside vitrine-set-aside.jsonl] [--spool vitrine-spool]
 * Polls a Facebook Page's live video's comments from the Graph API and sends them to Vitrine's
 * ingestion API. Ctrl-C stops it cleanly (buffered events are sent first); so does the end of the
 * live, a token refused or an unknown video (exit code 1 for these two).
 */
import { parseArgs } from "node:util";
import { BRIDGE_CLI_OPTIONS } from "@vitrine/bridge-kit/ingest-client";
import { openSpool, spoolFolder } from "@vitrine/bridge-kit/spool";
import { STOP_REASONS, createFacebookBridge } from "./bridge.mjs";
import { DEFAULT_GRAPH_URL } from "./graph.mjs";

const { values } = parseArgs({
  options: {
    ...BRIDGE_CLI_OPTIONS,
    video: { type: "string" },
    "api-url": { type: "string", default: process.env.FACEBOOK_GRAPH_URL ?? DEFAULT_GRAPH_URL },
    "page-token": { type: "string", default: process.env.FACEBOOK_PAGE_TOKEN },
    // Milliseconds between polls (tests and demos; Facebook's comments are read every 2 s).
    "poll-ms": { type: "string" },
  },
});
if (!values.live || !values.video || !values["page-token"]) {
  console.error(
    "Usage: npm run live:facebook -- --live <ref> --video <live video id> --page-token <Page token> [--url ...] [--token ...]\n" +
      "(the Page token may be given as FACEBOOK_PAGE_TOKEN instead)",
  );
  process.exit(2);
}
const log = (message) => console.log(`[facebook] ${message}`);
const folder = spoolFolder(values.spool, values.live, "facebook");
const bridge = createFacebookBridge({
  apiUrl: values["api-url"],
  videoId: values.video,
  pageToken: values["page-token"],
  ...(values["poll-ms"] ? { pollMs: Number(values["poll-ms"]) } : {}),
  spool: openSpool(folder, { log }),
  url: values.url,
  token: values.token,
  liveRef: values.live,
  log,
  setAsidePath: values["set-aside"],
});

let stopping = false;
process.on("SIGINT", () => {
  if (stopping) process.exit(1);
  stopping = true;
  log("arrêt : envoi des commentaires en attente");
  void bridge.stop();
});
process.on("SIGTERM", () => void bridge.stop());

log(`vidéo ${values.video} -> live "${values.live}" at ${values.url}, spool in ${folder}`);
bridge.start();
const reason = await bridge.done;
const { comments, acknowledged, duplicates, serverDuplicates, setAside, anonymous } = bridge.stats;
log(
  `${STOP_REASONS[reason] ?? reason} : ${comments} commentaires lus, ${acknowledged} acquittés, ` +
    `${duplicates} répétés ignorés, ${serverDuplicates} déjà enregistrés, ${setAside} mis de côté` +
    (setAside > 0 ? ` (dans ${values["set-aside"]})` : "") +
    (anonymous > 0 ? `, ${anonymous} sans auteur lisible ignorés` : "") +
    (bridge.buffered > 0 ? `, ${bridge.buffered} gardés dans le spool pour le prochain démarrage` : ""),
);
process.exit(reason === "token" || reason === "gone" || reason === "refused" ? 1 : 0);
