/**
 * The YouTube bridge's logic: reads a live's chat with the YouTube Data API's
 * liveChatMessages.list, page after page with the `nextPageToken` each answer gives, maps each
 * comment to the ingestion contract (platform "youtube") and hands it to the bridge kit's sender,
 * which does the rest (batches, resends, set-aside, spool, states, health, cuts). It spends the
 * project's YouTube quota with care: it counts each call's units, spreads a budget over the live's
 * planned length, and says in French when the budget or the day's quota is nearly spent.
 */
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  backoffDelay,
  boundedText,
  createIngestSender,
  eventBytes,
  MAX_EVENT_BYTES,
} from "@vitrine/bridge-kit/sender";

export const DEFAULT_YOUTUBE_API_URL = "https://www.googleapis.com/youtube/v3";
/** What a liveChatMessages.list call and a videos.list call cost in quota units. */
export const LIST_COST = 5;
export const VIDEO_LOOKUP_COST = 1;
/** The units a Google Cloud project gets per day by default (reset at midnight, Pacific time). */
export const DEFAULT_DAILY_QUOTA = 10_000;
export const DEFAULT_PLANNED_HOURS = 2;
/** The share of the budget or of the day's quota after which the bridge warns. */
export const QUOTA_WARNING_SHARE = 0.9;
/** The most messages a list call may return (the API's own maximum). */
export const MAX_RESULTS = 2_000;

/**
 * The message types whose text is a viewer's comment: a plain chat message, and a Super Chat's
 * own words (a viewer may pay to make a claim seen; the amount stays in the payload).
 */
const COMMENT_TEXT = {
  textMessageEvent: (snippet) => snippet.textMessageDetails?.messageText ?? snippet.displayMessage,
  superChatEvent: (snippet) => snippet.superChatDetails?.userComment,
};

/** A YouTube Data API answer other than a success, or no answer at all (`status` null). */
export class YouTubeApiError extends Error {
  constructor(status, reason, message) {
    super(`YouTube ${status ?? "unreachable"}${reason ? ` ${reason}` : ""}: ${message}`);
    this.status = status;
    this.reason = reason;
  }
}

/**
 * What the bridge does after an error: 'quota' (the day's quota is spent: wait long), 'rate'
 * (too fast: wait a little), 'ended' (the chat is over: stop cleanly), 'refused' (the key or
 * token is refused, or the request itself: stop and say so) or 'down' (5xx, network: reconnect).
 */
export function errorKind(error) {
  const { status, reason } = error;
  if (reason === "quotaExceeded" || reason === "dailyLimitExceeded") return "quota";
  if (reason === "rateLimitExceeded" || reason === "userRateLimitExceeded" || status === 429) return "rate";
  if (reason === "liveChatEnded" || reason === "liveChatNotFound" || status === 404) return "ended";
  if (status === null || status === undefined || status >= 500 || status === 408) return "down";
  return "refused";
}

/** The French words for an error the bridge stops on. */
function refusalText(error) {
  const answer = [error.status, error.reason].filter(Boolean).join(" ");
  if (error.reason === "liveChatDisabled") return "Le chat de ce live YouTube est désactivé";
  if (error.status === 401 || error.status === 403 || error.reason === "badRequest")
    return `YouTube refuse la clé d'API ou le jeton (${answer}) : vérifiez YOUTUBE_API_KEY ou YOUTUBE_ACCESS_TOKEN`;
  return `YouTube refuse la demande (${answer}) : ${error.message}`;
}

/**
 * The YouTube Data API as the bridge uses it: an API key (`key` parameter) or an OAuth access
 * token (Bearer), and `apiUrl` so tests and self-hosters can point elsewhere.
 */
export function createYouTubeApi({
  apiUrl = DEFAULT_YOUTUBE_API_URL,
  apiKey,
  accessToken,
  fetchImpl = fetch,
}) {
  const base = apiUrl.replace(/\/$/, "");
  async function get(resource, params, signal) {
    const url = new URL(`${base}/${resource}`);
    for (const [name, value] of Object.entries(params))
      if (value !== undefined && value !== null) url.searchParams.set(name, value);
    if (apiKey) url.searchParams.set("key", apiKey);
    let response;
    try {
      response = await fetchImpl(url, {
        headers: {
          accept: "application/json",
          ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        },
        signal,
      });
    } catch (error) {
      throw new YouTubeApiError(null, "network", error?.message ?? String(error));
    }
    let text;
    try {
      text = await response.text();
    } catch (error) {
      throw new YouTubeApiError(null, "network", error?.message ?? String(error));
    }
    let body = null;
    try {
      body = JSON.parse(text);
    } catch {
      // A proxy's HTML page, a cut answer: the status says enough.
    }
    if (!response.ok) {
      const detail = body?.error;
      throw new YouTubeApiError(
        response.status,
        detail?.errors?.[0]?.reason ?? detail?.status ?? null,
        detail?.message ?? text.slice(0, 200),
      );
    }
    if (!body || typeof body !== "object") throw new YouTubeApiError(null, "network", "not JSON");
    return body;
  }
  return {
    /** videos.list: the live chat of a video that is live now, else null. */
    async findLiveChatId(videoId, signal) {
      const answer = await get("videos", { part: "liveStreamingDetails", id: videoId }, signal);
      return answer.items?.[0]?.liveStreamingDetails?.activeLiveChatId ?? null;
    },
    /** liveChatMessages.list: a page of messages, oldest first, and where to read next. */
    listMessages({ liveChatId, pageToken }, signal) {
      return get(
        "liveChat/messages",
        { liveChatId, part: "snippet,authorDetails", maxResults: String(MAX_RESULTS), pageToken },
        signal,
      );
    },
  };
}

/**
 * One liveChatMessage as the ingestion API takes it, or null when it carries no viewer's words
 * (a new member, a deleted message, a ban, a poll...).
 */
export function toIngestEvent(message, now = Date.now) {
  if (!message || typeof message !== "object") return null;
  const snippet = message.snippet ?? {};
  const author = message.authorDetails ?? {};
  const text = COMMENT_TEXT[snippet.type]?.(snippet);
  const msgId = boundedText(message.id, 128);
  const uniqueId = boundedText(author.channelId ?? snippet.authorChannelId, 64);
  if (typeof text !== "string" || text === "" || !msgId || !uniqueId) return null;
  const published = Date.parse(snippet.publishedAt);
  const event = {
    platform: "youtube",
    type: "chat",
    msgId,
    // The platform's time, kept as evidence: the server ranks by its own receipt.
    createTime: Number.isFinite(published) && published >= 0 ? published : now(),
    tiktokUserId: null,
    uniqueId,
    nickname: boundedText(author.displayName, 200),
    avatarUrl: boundedText(author.profileImageUrl, 2000),
    comment: boundedText(text, 1000) ?? "",
    payload: {},
  };
  const budget = MAX_EVENT_BYTES - eventBytes(event) + 2;
  event.payload =
    Buffer.byteLength(JSON.stringify(message)) <= budget
      ? message
      : { truncated: true, type: boundedText(snippet.type, 100) };
  return event;
}

/**
 * The wait before the next list call: what YouTube asks (`pollingIntervalMillis`), and never less
 * than the budget allows for the live's planned length (a budget of `budget` units buys
 * budget / 5 calls, spread evenly over `hours`).
 */
export function pollDelay({ pollingIntervalMillis, budget, hours }) {
  const calls = Math.max(1, Math.floor(budget / LIST_COST));
  const planned = (hours * 3600_000) / calls;
  const asked =
    Number.isFinite(pollingIntervalMillis) && pollingIntervalMillis > 0 ? pollingIntervalMillis : 0;
  return Math.ceil(Math.max(asked, planned));
}

/** The day the quota counts in: it resets at midnight, Pacific time. */
export const quotaDay = (ms) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date(ms));

/** Where the bridge keeps its page token and the quota it spent, in the live's spool folder. */
export const progressFile = (spoolFolder) => path.join(spoolFolder, "youtube-progress.json");

function readProgress(file) {
  if (!file) return null;
  try {
    const progress = JSON.parse(readFileSync(file, "utf8"));
    return progress && typeof progress === "object" ? progress : null;
  } catch {
    return null;
  }
}

function writeProgress(file, progress) {
  if (!file) return;
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(progress));
  renameSync(temporary, file);
}

/**
 * `api` is createYouTubeApi's (or a test's); `liveChatId`, or `videoId` to find it. The other
 * options are the kit's sender's (`ingest` or `url`/`token`/`liveRef`, `spool`, `setAsidePath`,
 * `healthEveryMs`...), plus:
 *  - `budget` (units this live may spend, default the day's quota), `dailyQuota`, `hours`;
 *  - `progressPath`: a file keeping the page token and the units spent, so a restarted bridge
 *    resumes where it was instead of skipping what came meanwhile as history;
 *  - `backoff` (5xx, network, rate limits) and `quotaBackoff` (the day's quota spent).
 * `finished` resolves once the bridge stopped, with why: 'stopped' (its operator), 'ended' (the
 * chat is over), 'refused' (YouTube refused the key, the token or the request) or 'budget'.
 */
export function createYouTubeBridge({
  api,
  liveChatId: givenChatId,
  videoId,
  log = () => {},
  budget = DEFAULT_DAILY_QUOTA,
  dailyQuota = DEFAULT_DAILY_QUOTA,
  hours = DEFAULT_PLANNED_HOURS,
  progressPath,
  backoff = { minMs: 1_000, maxMs: 60_000 },
  quotaBackoff = { minMs: 60_000, maxMs: 15 * 60_000 },
  random = Math.random,
  now = Date.now,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
  ...senderOptions
}) {
  const sender = createIngestSender({
    source: "youtube",
    // A page holds everything YouTube gives again after a cut: no need to wait for more.
    gapSettleMs: 0,
    ...senderOptions,
    log,
    backoff,
    random,
    now,
    setTimer,
    clearTimer,
  });
  const saved = readProgress(progressPath);
  let liveChatId = givenChatId ?? null;
  let pageToken = null;
  const quota = {
    budget,
    dailyQuota,
    /** Units this live spent, across restarts of the bridge. */
    spent: 0,
    /** Units the bridge spent on the current quota day. */
    spentToday: 0,
    day: quotaDay(now()),
    calls: 0,
  };
  if (saved && (!givenChatId || saved.liveChatId === givenChatId)) {
    liveChatId ??= saved.liveChatId ?? null;
    pageToken = saved.liveChatId === liveChatId ? (saved.pageToken ?? null) : null;
    quota.spent = Number(saved.spent) || 0;
    if (saved.day === quota.day) quota.spentToday = Number(saved.spentToday) || 0;
  }
  const youtubeStats = { historySkipped: 0, notComments: 0 };
  const warned = { budget: false, day: false };
  let stopped = false;
  let waiting = null;
  let controller = null;
  let failures = 0;
  let resolveFinished;
  const finished = new Promise((resolve) => (resolveFinished = resolve));
  let outcome = null;

  function saveProgress() {
    try {
      writeProgress(progressPath, {
        liveChatId,
        pageToken,
        spent: quota.spent,
        spentToday: quota.spentToday,
        day: quota.day,
      });
    } catch (error) {
      log(`could not save the page token (${error.message}); a restart would skip what comes meanwhile`);
    }
  }

  function spend(units) {
    const day = quotaDay(now());
    if (day !== quota.day) {
      quota.day = day;
      quota.spentToday = 0;
      warned.day = false;
    }
    quota.spent += units;
    quota.spentToday += units;
    if (!warned.budget && quota.spent >= QUOTA_WARNING_SHARE * quota.budget) {
      warned.budget = true;
      log(
        `Quota YouTube presque épuisé : ${quota.spent} unités dépensées sur les ${quota.budget} prévues pour ce live`,
      );
    }
    if (!warned.day && quota.spentToday >= QUOTA_WARNING_SHARE * quota.dailyQuota) {
      warned.day = true;
      log(
        `Quota YouTube presque épuisé : ${quota.spentToday} unités dépensées aujourd'hui sur les ${quota.dailyQuota} du projet`,
      );
    }
  }

  /** Waits `ms`, or less when the bridge is stopped meanwhile. */
  function wait(ms) {
    return new Promise((resolve) => {
      const timer = setTimer(() => {
        waiting = null;
        resolve();
      }, ms);
      waiting = { timer, resolve };
    });
  }

  /** Calls YouTube, counting the units of every call it answered, error or not. */
  async function call(cost, request) {
    controller = new AbortController();
    try {
      const answer = await request(controller.signal);
      spend(cost);
      quota.calls += 1;
      return answer;
    } catch (error) {
      if (error instanceof YouTubeApiError && error.status !== null) {
        spend(cost);
        quota.calls += 1;
      }
      throw error;
    } finally {
      controller = null;
    }
  }

  /** Waits after an error; false when the bridge must stop instead. */
  async function recover(error) {
    const kind = error instanceof YouTubeApiError ? errorKind(error) : "down";
    if (kind === "ended") {
      log("Le live YouTube est terminé : le pont s'arrête");
      await finish("ended");
      return false;
    }
    if (kind === "refused") {
      log(refusalText(error));
      await finish("refused");
      return false;
    }
    sender.connectionLost();
    void sender.report("reconnecting");
    const delay = backoffDelay(failures, kind === "quota" ? quotaBackoff : backoff, random);
    failures += 1;
    const seconds = Math.round(delay / 100) / 10;
    if (kind === "quota")
      log(
        `Quota YouTube épuisé : nouvel essai dans ${seconds} s (${quota.spentToday} unités dépensées aujourd'hui)`,
      );
    else log(`Reconnexion… dans ${seconds} s (${error.message})`);
    await wait(delay);
    return !stopped;
  }

  async function findChat() {
    while (!liveChatId && !stopped) {
      try {
        liveChatId = await call(VIDEO_LOOKUP_COST, (signal) => api.findLiveChatId(videoId, signal));
      } catch (error) {
        if (!(await recover(error))) return false;
        continue;
      }
      if (!liveChatId) {
        log(
          `La vidéo YouTube ${videoId} n'a pas de chat en direct : le live n'a pas commencé ou est terminé`,
        );
        await finish("ended");
        return false;
      }
      saveProgress();
    }
    return !stopped;
  }

  async function read() {
    if (!(await findChat())) return;
    while (!stopped) {
      if (quota.spent + LIST_COST > quota.budget) {
        log(
          `Budget YouTube épuisé : ${quota.spent} unités dépensées sur les ${quota.budget} prévues pour ce live ; relancez avec un --budget plus grand`,
        );
        await finish("budget");
        return;
      }
      const history = pageToken === null;
      let page;
      try {
        page = await call(LIST_COST, (signal) => api.listMessages({ liveChatId, pageToken }, signal));
      } catch (error) {
        if (stopped) return;
        if (!(await recover(error))) return;
        continue;
      }
      if (stopped) return;
      failures = 0;
      // Counted before the page's events, so the cut's report counts those it already had.
      sender.connectionBack();
      const items = Array.isArray(page.items) ? page.items : [];
      if (history) {
        // The first answer replays the chat's recent history: comments made before the bridge was
        // there, which a claim must not be ranked by.
        youtubeStats.historySkipped += items.length;
        if (items.length > 0) log(`${items.length} messages of the chat's history skipped`);
      } else {
        for (const message of items) {
          const event = toIngestEvent(message, now);
          if (event) sender.enqueue(event);
          else youtubeStats.notComments += 1;
        }
      }
      if (typeof page.nextPageToken === "string" && page.nextPageToken !== "") pageToken = page.nextPageToken;
      // The page's events are on disk before the token that skips them is.
      sender.syncSpool();
      saveProgress();
      await sender.report("connected");
      if (page.offlineAt) {
        log(`Le live YouTube est terminé (${page.offlineAt}) : le pont s'arrête`);
        await finish("ended");
        return;
      }
      await wait(
        pollDelay({ pollingIntervalMillis: page.pollingIntervalMillis, budget: quota.budget, hours }),
      );
    }
  }

  async function finish(reason, graceMs = 10_000) {
    if (outcome) return;
    outcome = reason;
    stopped = true;
    if (waiting) {
      clearTimer(waiting.timer);
      waiting.resolve();
      waiting = null;
    }
    controller?.abort();
    saveProgress();
    await sender.stop(graceMs);
    log(
      `quota: ${quota.spent} units spent by this live (budget ${quota.budget}), ${quota.spentToday} today (quota ${quota.dailyQuota}), ${quota.calls} calls`,
    );
    resolveFinished(reason);
  }

  return {
    get stats() {
      return { ...sender.stats, ...youtubeStats };
    },
    /** The units spent and the limits they count against. */
    get quota() {
      return { ...quota };
    },
    get state() {
      return sender.state;
    },
    get degraded() {
      return sender.degraded;
    },
    get buffered() {
      return sender.buffered;
    },
    get pageToken() {
      return pageToken;
    },
    get liveChatId() {
      return liveChatId;
    },
    finished,
    /** Starts reading; resolves at once (`finished` says when and why it stopped). */
    async start() {
      sender.start();
      void read().catch(async (error) => {
        log(`unexpected error: ${error?.stack ?? error}`);
        await finish("refused");
      });
    },
    /** Stops reading, sends what is still buffered (for `graceMs` at most), reports 'stopped'. */
    async stop(graceMs = 10_000) {
      await finish("stopped", graceMs);
      return finished;
    },
  };
}
