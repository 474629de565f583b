/**
 * Reads a Facebook live video's comments by polling the Graph API (about every 2 s): each poll
 * asks for the comments from a little before the newest time seen, follows the pages, and hands
 * on the comments it had not handed on yet, in the order Facebook lists them. It slows down when
 * the usage header nears a limit, waits the time Facebook names when a limit is reached, retries
 * with backoff when Facebook or the network fails, and stops for good when the token is refused,
 * the live video is unknown, or its broadcast is over. What it reads goes to `sink`:
 *
 * - comments(events): the new comments, as ingestion events, oldest first;
 * - connected(cut): a poll went through, the first one or the first after a cut; `cut` is null, or
 *   { from, to, repeated }: when polls began to fail, when one went through again, and that poll's
 *   comments it had already handed on, as events (what the cut's reading gave again);
 * - reconnecting(reason): polls fail (Facebook down, the network, a rate limit reached);
 * - stopped(reason): 'token', 'gone', 'refused' or 'ended'; nothing is read after it.
 */
import { backoffDelay } from "@vitrine/bridge-kit/sender";
import {
  DEFAULT_GRAPH_URL,
  ENDED_STATUSES,
  classifyGraphError,
  commentsUrl,
  createCommentWindow,
  liveVideoUrl,
  rateLimitText,
  readUsage,
  toIngestEvent,
  usageDelay,
} from "./graph.mjs";

/** A failed Graph API call: how it is sorted (classifyGraphError) and the usage it reported. */
export class GraphCallError extends Error {
  constructor(sorted, usage = null) {
    super(sorted.message);
    this.sorted = sorted;
    this.usage = usage;
  }
}

/** A wait in French: "2 s", "0,5 s". */
const inSeconds = (ms) => `${(Math.round(ms / 100) / 10).toLocaleString("fr-FR")} s`;

export function createFacebookReader({
  apiUrl = DEFAULT_GRAPH_URL,
  videoId,
  pageToken,
  sink,
  fetchImpl = fetch,
  pollMs = 2_000,
  statusEveryMs = 30_000,
  maxPagesPerPoll = 50,
  commentWindow = createCommentWindow(),
  backoff = { minMs: 1_000, maxMs: 60_000 },
  random = Math.random,
  minuteMs = 60_000,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
  now = Date.now,
  log = () => {},
}) {
  let stopped = true;
  let timer = null;
  let running = null;
  let controller = null;
  let attempt = 0;
  let connected = false;
  /** When polls began to fail, until one goes through again. */
  let failingSince = null;
  let lastStatusCheck = null;
  let lastDelay = pollMs;
  const stats = { polls: 0, pages: 0, comments: 0, repeated: 0, anonymous: 0, rateLimited: 0 };

  async function getJson(href) {
    controller = new AbortController();
    let response;
    try {
      response = await fetchImpl(href, {
        headers: { accept: "application/json" },
        signal: controller.signal,
      });
    } catch (error) {
      throw new GraphCallError({ kind: "transient", status: null, code: null, message: error.message });
    }
    const usage = readUsage(
      response.headers.get("x-business-use-case-usage"),
      response.headers.get("x-app-usage"),
    );
    let body = null;
    try {
      body = await response.json();
    } catch {
      // A proxy's HTML error page: sorted by its status alone.
    }
    if (!response.ok || body?.error)
      throw new GraphCallError(classifyGraphError(response.status, body), usage);
    return { body, usage };
  }

  /** Whether the broadcast is over, asked every statusEveryMs (each answer costs a call). */
  async function liveEnded() {
    if (lastStatusCheck !== null && now() - lastStatusCheck < statusEveryMs) return false;
    lastStatusCheck = now();
    const { body } = await getJson(liveVideoUrl({ apiUrl, videoId, token: pageToken }));
    return ENDED_STATUSES.has(body?.status);
  }

  /**
   * One poll: every page from the window's `since`; the new comments go to the sink page by page.
   * After a cut, the comments it lists again are kept as well (the cut's report counts them).
   */
  async function poll(afterCut) {
    const since = commentWindow.since();
    let href = commentsUrl({ apiUrl, videoId, token: pageToken, since });
    let usage = null;
    let repeated = 0;
    const repeatedEvents = [];
    for (let page = 0; page < maxPagesPerPoll && href; page++) {
      const answer = await getJson(href);
      if (stopped) break;
      stats.pages += 1;
      usage = answer.usage ?? usage;
      const data = Array.isArray(answer.body?.data) ? answer.body.data : [];
      const taken = commentWindow.take(data);
      repeated += taken.repeated;
      if (afterCut && taken.repeated > 0) {
        const handedOn = new Set(taken.fresh);
        for (const comment of data) {
          if (handedOn.has(comment)) continue;
          const event = toIngestEvent(comment, now);
          if (event) repeatedEvents.push(event);
        }
      }
      const events = taken.fresh.map((comment) => toIngestEvent(comment, now)).filter(Boolean);
      stats.anonymous += taken.fresh.length - events.length;
      stats.comments += events.length;
      if (events.length > 0) sink.comments(events);
      const paging = answer.body?.paging;
      // Facebook gives `next` only while more pages follow. The cursor is kept on our own address
      // (another API base than graph.facebook.com keeps working); `next` as given without one.
      href = !paging?.next
        ? null
        : paging.cursors?.after
          ? commentsUrl({ apiUrl, videoId, token: pageToken, since, after: paging.cursors.after })
          : paging.next;
    }
    stats.repeated += repeated;
    return { usage, repeatedEvents };
  }

  function finish(reason, message) {
    stopped = true;
    log(message);
    sink.stopped(reason);
  }

  function fail(reason) {
    failingSince ??= now();
    connected = false;
    sink.reconnecting(reason);
  }

  async function cycle() {
    timer = null;
    if (stopped) return;
    let delay = pollMs;
    try {
      const ended = await liveEnded();
      const { usage, repeatedEvents } = await poll(failingSince !== null);
      if (stopped) return;
      stats.polls += 1;
      attempt = 0;
      if (!connected) {
        connected = true;
        const cut =
          failingSince === null ? null : { from: failingSince, to: now(), repeated: repeatedEvents };
        failingSince = null;
        sink.connected(cut);
      }
      if (ended) {
        finish("ended", "Le live est terminé sur Facebook : dernier relevé fait, pont arrêté");
        return;
      }
      delay = usageDelay(pollMs, usage);
      if (delay !== lastDelay && usage) {
        log(
          delay > pollMs
            ? `Appels Facebook à ${usage.percent} % de la limite : relevé toutes les ${inSeconds(delay)}`
            : `Appels Facebook à ${usage.percent} % de la limite : relevé toutes les ${inSeconds(pollMs)} de nouveau`,
        );
      }
      lastDelay = delay;
    } catch (error) {
      if (stopped) return;
      const sorted = error?.sorted ?? { kind: "transient", code: null, message: String(error?.message) };
      switch (sorted.kind) {
        case "token":
          finish(
            "token",
            `Facebook refuse le jeton de la Page (code ${sorted.code ?? sorted.status}) : ${sorted.message.replace(/\.$/, "")}. Pont arrêté : donnez un jeton valide (--page-token ou FACEBOOK_PAGE_TOKEN).`,
          );
          return;
        case "gone":
          finish(
            "gone",
            `La vidéo en direct ${videoId} est introuvable sur Facebook, ou ce jeton ne peut pas la lire (code ${sorted.code}) : pont arrêté.`,
          );
          return;
        case "refused":
          finish("refused", `Facebook refuse la lecture des commentaires (${sorted.message}) : pont arrêté.`);
          return;
        case "rate-limit": {
          stats.rateLimited += 1;
          const minutes = Math.max(1, Math.ceil(error.usage?.regainMinutes ?? 0));
          delay = minutes * minuteMs;
          log(rateLimitText(minutes));
          fail(rateLimitText(minutes));
          break;
        }
        default:
          delay = backoffDelay(attempt, backoff, random);
          attempt += 1;
          log(`Reconnexion… (${sorted.message}) : nouvel essai dans ${inSeconds(delay)}`);
          fail("Reconnexion…");
      }
    }
    if (!stopped) timer = setTimer(run, delay);
  }

  function run() {
    running = cycle().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    stats,
    get stopped() {
      return stopped;
    },
    /** Begins polling; the first poll runs now. */
    start() {
      stopped = false;
      void run();
    },
    /** Stops polling: the call in flight is abandoned, none follows. */
    async stop() {
      stopped = true;
      if (timer) clearTimer(timer);
      timer = null;
      controller?.abort();
      await running;
    },
  };
}
