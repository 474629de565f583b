/**
 * The Facebook bridge: the reader (reader.mjs) polls a live video's comments from the Graph API,
 * the bridge kit's sender sends them to Vitrine (spool, batches, resends, set-aside, states,
 * health and cuts, under the source name 'facebook'). The bridge only says to the sender what
 * the reader sees: comments, Facebook reachable again or not, the reading over.
 */
import { createIngestSender } from "@vitrine/bridge-kit/sender";
import { FACEBOOK_PLATFORM } from "./graph.mjs";
import { createFacebookReader } from "./reader.mjs";

/** Why the reading ended, as the bridge's operator reads it. */
export const STOP_REASONS = {
  token: "jeton refusé",
  gone: "vidéo introuvable",
  refused: "lecture refusée",
  ended: "live terminé",
  operator: "arrêt demandé",
};

/**
 * `apiUrl`, `videoId`, `pageToken` and the reader's other options (pollMs, statusEveryMs,
 * fetchImpl...) go to the reader; the rest (url, token, liveRef, ingest, spool, setAsidePath...)
 * to the sender. `done` resolves with the reason once the bridge has stopped, whoever stopped it.
 */
export function createFacebookBridge({
  apiUrl,
  videoId,
  pageToken,
  fetchImpl,
  pollMs,
  statusEveryMs,
  commentWindow,
  minuteMs,
  log = () => {},
  backoff = { minMs: 1_000, maxMs: 60_000 },
  random = Math.random,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
  now = Date.now,
  // A poll reads every page before it reports the cut: nothing more comes after it.
  gapSettleMs = 0,
  ...senderOptions
}) {
  const sender = createIngestSender({
    ...senderOptions,
    source: FACEBOOK_PLATFORM,
    log,
    backoff,
    random,
    setTimer,
    clearTimer,
    now,
    gapSettleMs,
  });
  let stopping = null;
  let finished;
  const done = new Promise((resolve) => (finished = resolve));

  async function stop(reason, graceMs) {
    stopping ??= (async () => {
      await reader.stop();
      await sender.stop(graceMs);
      finished(reason);
    })();
    return stopping;
  }

  const reader = createFacebookReader({
    apiUrl,
    videoId,
    pageToken,
    ...(fetchImpl ? { fetchImpl } : {}),
    ...(pollMs === undefined ? {} : { pollMs }),
    ...(statusEveryMs === undefined ? {} : { statusEveryMs }),
    ...(commentWindow ? { commentWindow } : {}),
    ...(minuteMs === undefined ? {} : { minuteMs }),
    backoff,
    random,
    setTimer,
    clearTimer,
    now,
    log,
    sink: {
      comments(events) {
        for (const event of events) sender.enqueue(event);
      },
      connected(cut) {
        if (cut) {
          sender.connectionBack();
          // What the cut's first poll listed again: the sender skips them, and the cut counts them.
          for (const event of cut.repeated) sender.enqueue(event);
        }
        void sender.report("connected");
      },
      reconnecting() {
        sender.connectionLost();
        void sender.report("reconnecting");
      },
      stopped(reason) {
        void stop(reason);
      },
    },
  });

  return {
    sender,
    reader,
    done,
    get stats() {
      return { ...sender.stats, ...reader.stats };
    },
    get buffered() {
      return sender.buffered;
    },
    /** Sends first what the spool held, then polls Facebook. */
    start() {
      sender.start();
      reader.start();
    },
    /** Stops polling, sends what is buffered (for `graceMs` at most), reports 'stopped'. */
    stop: (graceMs) => stop("operator", graceMs),
  };
}
