/**
 * What error reports (Sentry, server and browser) may carry: never a token, a cookie, an address,
 * an e-mail or card data. Both sides pass every event, breadcrumb and log through scrubErrorReport
 * before it leaves, so the rule lives here once.
 */

export const FILTERED = "[Filtered]";

/**
 * Keys whose values are dropped wherever they appear (headers, bodies, extra data, breadcrumb
 * data): secrets, session material, contact and delivery details, card fields.
 */
const SENSITIVE_KEY =
  /pass(word|wd)?|secret|token|auth|cookie|session|signature|hash$|e-?mail|address|street|city|postal|zip|phone|tel(ephone)?$|^(first|last|full|given|family|sur)_?name$|username|nickname|card|cvv|cvc|cvx|^pan$|expiry|exp_?(month|year)|iban|^(body|request_body|response_body|kr-answer|params)$/i;

/** Objects that describe the report itself (SDK, runtime, stack frames): kept as they are. */
const STRUCTURAL_KEYS = new Set(["sdk", "stacktrace", "frames", "mechanism", "measurements", "debug_meta"]);

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(\.[\w-]+)+/g;
// 13 to 19 digits, possibly grouped by spaces or dashes: a card number.
const CARD_NUMBER = /(?<![.\d])\b\d(?:[ -]?\d){12,18}\b(?!\.\d)/g;
const BEARER = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi;
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g;
// A failed query's error message lists its parameters (Drizzle: "params: ..."): what was saved.
const QUERY_PARAMETERS = /(\bparams: )[^\n]*/g;
// Every query value: magic-link tokens, form tokens, searched e-mails all travel in query strings.
const QUERY_VALUE = /([?&][^=&#\s"']+=)[^&#\s"']*/g;

/** A text with e-mails, card numbers, credentials and query values replaced. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMETERS, `$1${FILTERED}`)
    .replace(QUERY_VALUE, `$1${FILTERED}`)
    .replace(BEARER, `$1 ${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(EMAIL, FILTERED)
    .replace(CARD_NUMBER, FILTERED);
}

/** A string holding JSON (a logged error serialized by the logger): scrubbed as the data it is. */
function scrubString(text: string, depth: number): string {
  if (/^\s*[[{]/.test(text)) {
    try {
      return JSON.stringify(scrubValue(JSON.parse(text), depth + 1));
    } catch {
      // Not JSON after all: scrubbed as text.
    }
  }
  return scrubText(text);
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubString(value, depth);
  if (value === null || typeof value !== "object") return value;
  if (depth > 12) return FILTERED;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (SENSITIVE_KEY.test(key)) result[key] = FILTERED;
    else if (STRUCTURAL_KEYS.has(key)) result[key] = scrubStructural(key, item, depth + 1);
    else result[key] = scrubValue(item, depth + 1);
  }
  return result;
}

/** Stack frames keep their file names and code, but not their local variables. */
function scrubStructural(key: string, value: unknown, depth: number): unknown {
  if (key !== "stacktrace" && key !== "frames") return value;
  if (key === "stacktrace" && value && typeof value === "object") {
    const stacktrace = value as { frames?: unknown };
    return { ...stacktrace, frames: scrubStructural("frames", stacktrace.frames, depth) };
  }
  if (!Array.isArray(value)) return value;
  return value.map((frame: unknown) => {
    if (!frame || typeof frame !== "object") return frame;
    const { vars: _vars, ...rest } = frame as Record<string, unknown>;
    return rest;
  });
}

interface ReportRequest {
  url?: string;
  query_string?: unknown;
  headers?: Record<string, string>;
  cookies?: unknown;
  data?: unknown;
  [key: string]: unknown;
}

/**
 * An event, breadcrumb or log as it may leave: a copy with the request's cookies, body and
 * credentials dropped, the user reduced to its id, every query value and every e-mail or card
 * number in any text replaced.
 */
export function scrubErrorReport<T extends object>(report: T): T {
  const scrubbed = scrubValue(report, 0) as T & { request?: ReportRequest; user?: { id?: unknown } };
  const request = (report as { request?: ReportRequest }).request;
  if (request && typeof request === "object") {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(request.headers ?? {})) {
      if (!/cookie|authorization|token|key|signature|forwarded|x-real-ip/i.test(name)) {
        headers[name] = scrubText(String(value));
      }
    }
    const { cookies: _cookies, data: _data, query_string: queryString, ...rest } = request;
    scrubbed.request = {
      ...(scrubValue(rest, 1) as ReportRequest),
      headers,
      ...(queryString === undefined ? {} : { query_string: FILTERED }),
      ...(_data === undefined ? {} : { data: FILTERED }),
    };
  }
  const user = (report as { user?: { id?: unknown } }).user;
  if (user && typeof user === "object") {
    scrubbed.user = user.id === undefined ? {} : { id: user.id };
  }
  return scrubbed;
}
