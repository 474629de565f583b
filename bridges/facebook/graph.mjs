/**
 * What is Facebook's own in the bridge, as pure functions: the Graph API's addresses, a live
 * video's comment as the ingestion contract's event, the Business Use Case usage header, the
 * Graph API's errors sorted by what the bridge does about them, and the window of comment ids
 * that lets polling by `since` (a time to the second) neither lose nor repeat a comment.
 */
import { MAX_EVENT_BYTES, boundedText, eventBytes } from "@vitrine/bridge-kit/sender";

export { MAX_EVENT_BYTES };
export const FACEBOOK_PLATFORM = "facebook";
export const DEFAULT_GRAPH_URL = "https://graph.facebook.com/v21.0";
/** The fields the bridge asks for: the comment's id, its author, its text and its time. */
export const COMMENT_FIELDS = "id,from{id,name},message,created_time";
/** Comments a page holds at most (the Graph API's own cap for this edge is about 100). */
export const COMMENTS_PAGE_LIMIT = 100;
/** Above this share of a usage limit (call count, CPU time, total time), polling slows down. */
export const USAGE_SLOWDOWN_PERCENT = 75;
/** The slowest polling the usage header can ask for; a limit reached waits its own time. */
export const SLOWEST_POLL_MS = 60_000;

/**
 * Error codes the Graph API answers when a rate limit is reached: 4 (application), 17 (user),
 * 32 (Page), 613 (this call's own limit), 80001 (a Page's Business Use Case limit).
 */
export const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80001]);
/** An access token refused (expired, revoked, password changed). */
export const TOKEN_REFUSED_CODE = 190;
/** The object does not exist, cannot be read with this token, or not this way. */
export const UNKNOWN_OBJECT_CODE = 100;
/** A live video's `status` once its broadcast is over. */
export const ENDED_STATUSES = new Set(["LIVE_STOPPED", "VOD"]);

const base = (apiUrl) => apiUrl.replace(/\/+$/, "");

/** One page of a live video's comments, oldest first, from `since` (epoch seconds) on. */
export function commentsUrl({ apiUrl, videoId, token, since, after, limit = COMMENTS_PAGE_LIMIT }) {
  const url = new URL(`${base(apiUrl)}/${encodeURIComponent(videoId)}/comments`);
  // no_filter: every comment, where the default would hide those Facebook ranks as low quality.
  url.searchParams.set("live_filter", "no_filter");
  url.searchParams.set("order", "chronological");
  url.searchParams.set("fields", COMMENT_FIELDS);
  url.searchParams.set("limit", String(limit));
  if (since !== undefined && since !== null) url.searchParams.set("since", String(since));
  if (after) url.searchParams.set("after", after);
  url.searchParams.set("access_token", token);
  return url.href;
}

/** The live video itself: its `status` says when the broadcast is over. */
export function liveVideoUrl({ apiUrl, videoId, token }) {
  const url = new URL(`${base(apiUrl)}/${encodeURIComponent(videoId)}`);
  url.searchParams.set("fields", "status");
  url.searchParams.set("access_token", token);
  return url.href;
}

/** An address as the log may show it: without the token. */
export const withoutToken = (href) => href.replace(/access_token=[^&]*/g, "access_token=…");

const text = (value, max) => (typeof value === "string" ? boundedText(value, max) : null);

/**
 * `created_time` in epoch milliseconds. The Graph API writes the offset without a colon
 * ("2026-11-29T18:04:11+0000"), which not every date parser takes.
 */
export function createdTimeMs(createdTime) {
  if (typeof createdTime !== "string") return null;
  const ms = Date.parse(createdTime.replace(/([+-]\d\d)(\d\d)$/, "$1:$2"));
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/**
 * A comment as the ingestion API takes it, or null when it names no author: without the Page's
 * permission to read its commenters, the Graph API leaves `from` out, and a claim needs a viewer.
 * The comment's own time is kept as evidence; the server ranks by its receipt.
 */
export function toIngestEvent(comment, now = Date.now) {
  if (!comment || typeof comment !== "object") return null;
  const id = text(comment.id, 128);
  const authorId = text(comment.from?.id, 64);
  if (!id || !authorId) return null;
  const event = {
    platform: FACEBOOK_PLATFORM,
    type: "chat",
    msgId: id,
    createTime: createdTimeMs(comment.created_time) ?? now(),
    tiktokUserId: null,
    uniqueId: authorId,
    nickname: text(comment.from?.name, 200),
    avatarUrl: null,
    comment: text(comment.message, 1000) ?? "",
    payload: comment,
  };
  // A comment of thousands of characters: its raw object would pass the contract's size.
  if (eventBytes(event) > MAX_EVENT_BYTES) {
    event.payload = { truncated: true, id };
  }
  return event;
}

/**
 * The `X-Business-Use-Case-Usage` header (a Page token's calls) or `X-App-Usage` (a user token's):
 * the highest share used of any limit, in percent, and the minutes before access comes back
 * when a limit is reached. Null when Facebook sent none: no header is not no usage.
 */
export function readUsage(businessUseCase, appUsage) {
  const entries = [];
  for (const header of [businessUseCase, appUsage]) {
    if (!header) continue;
    let parsed;
    try {
      parsed = JSON.parse(header);
    } catch {
      continue;
    }
    if (!parsed || typeof parsed !== "object") continue;
    // BUC: { "<business id>": [ { type, call_count, ... } ] }; app usage: { call_count, ... }.
    if ("call_count" in parsed) entries.push(parsed);
    else for (const list of Object.values(parsed)) if (Array.isArray(list)) entries.push(...list);
  }
  if (entries.length === 0) return null;
  const number = (value) => (Number.isFinite(Number(value)) ? Number(value) : 0);
  return {
    percent: Math.max(
      ...entries.flatMap((entry) => [
        number(entry?.call_count),
        number(entry?.total_cputime),
        number(entry?.total_time),
      ]),
    ),
    regainMinutes: Math.max(...entries.map((entry) => number(entry?.estimated_time_to_regain_access))),
  };
}

/**
 * The wait before the next poll: `pollMs` up to the slowdown threshold, then doubled every five
 * points above it (80 % waits twice as long, 90 % eight times), SLOWEST_POLL_MS at most.
 */
export function usageDelay(pollMs, usage) {
  if (!usage || usage.percent <= USAGE_SLOWDOWN_PERCENT) return pollMs;
  return Math.min(SLOWEST_POLL_MS, Math.round(pollMs * 2 ** ((usage.percent - USAGE_SLOWDOWN_PERCENT) / 5)));
}

/** What the bridge says when Facebook makes it wait. */
export const rateLimitText = (minutes) => `Limite d'appels Facebook atteinte : reprise dans ${minutes} min`;

/**
 * A Graph API failure sorted by what the bridge does: 'token' (refused: stop), 'gone' (no such
 * live video, or not readable with this token: stop), 'rate-limit' (wait), 'transient' (5xx,
 * a network failure, an error Facebook marks transient: retry with backoff) or 'refused' (any
 * other 4xx, which a retry would not change: stop).
 */
export function classifyGraphError(status, body) {
  const error = body && typeof body === "object" ? body.error : undefined;
  const code = Number(error?.code);
  const message = typeof error?.message === "string" ? error.message : `HTTP ${status}`;
  const sorted = (kind) => ({ kind, status, code: Number.isFinite(code) ? code : null, message });
  if (code === TOKEN_REFUSED_CODE) return sorted("token");
  if (RATE_LIMIT_CODES.has(code) || status === 429) return sorted("rate-limit");
  if (status >= 500 || error?.is_transient === true || status === 408) return sorted("transient");
  if (code === UNKNOWN_OBJECT_CODE) return sorted("gone");
  if (status === 401 || status === 403) return sorted("token");
  return sorted("refused");
}

/**
 * The comment ids polling has seen lately. Times are to the second and several comments share
 * one, so each poll asks again from `overlapSeconds` before the newest time seen (a comment
 * written in that second but listed after the previous poll is not lost) and skips the ids it
 * has already handed on (none is handed on twice). Ids older than `rememberSeconds` before the
 * newest time are forgotten: a poll never reaches back that far. The order is the Graph API's:
 * nothing is sorted by time here, the server ranks by its receipt.
 */
export function createCommentWindow({ overlapSeconds = 10, rememberSeconds = 120 } = {}) {
  if (rememberSeconds <= overlapSeconds) throw new Error("rememberSeconds must exceed overlapSeconds");
  /** id -> its created_time in seconds. */
  const seen = new Map();
  let newestSeconds = null;
  return {
    /** Where the next poll starts (epoch seconds), or undefined at first: from the live's start. */
    since: () => (newestSeconds === null ? undefined : newestSeconds - overlapSeconds),
    /** The comments not handed on yet, in the order given, and how many were repeats. */
    take(comments) {
      const fresh = [];
      let repeated = 0;
      for (const comment of comments) {
        const id = comment?.id;
        if (typeof id !== "string") continue;
        if (seen.has(id)) {
          repeated += 1;
          continue;
        }
        const ms = createdTimeMs(comment.created_time);
        const seconds = ms === null ? (newestSeconds ?? 0) : Math.floor(ms / 1000);
        seen.set(id, seconds);
        if (newestSeconds === null || seconds > newestSeconds) newestSeconds = seconds;
        fresh.push(comment);
      }
      if (newestSeconds !== null) {
        for (const [id, seconds] of seen) if (seconds < newestSeconds - rememberSeconds) seen.delete(id);
      }
      return { fresh, repeated };
    },
    get remembered() {
      return seen.size;
    },
  };
}
