import { httpMessages, ERROR_CODES, type ApiErrorBody, type ErrorCode } from "@vitrine/domain";
import type * as z from "zod/mini";

/** A failed API call: the server's stable code and French message, plus per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, body: ApiErrorBody) {
    super(body.message);
    this.name = "ApiError";
    this.status = status;
    this.code = body.code;
    this.fields = body.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The French text to show for any failure, including network errors that never reached the API. */
export function errorMessage(error: unknown): string {
  return isApiError(error) ? error.message : httpMessages.unknownError;
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface ApiRequest<Response extends z.ZodMiniType> {
  /** The reply's schema, shared with the server's route (packages/domain `api/`). */
  response: Response;
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Calls the API on the same origin and returns the reply checked against its schema. Any non-2xx
 * reply becomes an ApiError; network failures surface as the browser's TypeError. No toast, no
 * redirect: the UI decides what a failure means.
 */
export async function apiFetch<Response extends z.ZodMiniType>(
  path: string,
  request: ApiRequest<Response>,
): Promise<z.output<Response>> {
  const isRead = (request.method ?? "GET") === "GET";
  // A write may change what the page's answers said (a sign-in changes the session): ask again.
  if (!isRead) pageAnswers.clear();
  const answer: Answer = (isRead ? takePageAnswer(path) : undefined) ?? (await ask(path, request));
  const { status, payload } = answer;
  if (status < 200 || status > 299) {
    throw new ApiError(status, toErrorBody(status, payload));
  }
  // Anything but the agreed envelope (an HTML page from a misrouted proxy, a server of another
  // version) must not reach the screens as if it were data.
  const parsed = request.response.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(status, { code: "INTERNAL", message: httpMessages.unknownError });
  }
  return parsed.data;
}

interface Answer {
  status: number;
  payload: unknown;
}

async function ask(
  path: string,
  { method = "GET", body, signal }: ApiRequest<z.ZodMiniType>,
): Promise<Answer> {
  const response = await fetch(path, {
    method,
    credentials: "same-origin",
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? null : JSON.stringify(body),
    signal: signal ?? null,
  });
  return { status: response.status, payload: parseJson(await response.text()) };
}

/**
 * The answers the server wrote into the page for the first page's GETs (apps/server/src/http/
 * page-preloads.ts), by URL. Each is taken once, by the first call; any later call asks the API,
 * and so does a call made after a write or once the page is a few seconds old (as the browser
 * drops a preloaded answer that no fetch took).
 */
const pageAnswers = readPageAnswers();

function readPageAnswers(): Map<string, Answer> {
  const text =
    typeof document === "undefined" ? null : document.getElementById("vitrine-api-answers")?.textContent;
  const parsed = text ? parseJson(text) : undefined;
  if (!isRecord(parsed)) return new Map();
  return new Map(
    Object.entries(parsed).flatMap(([url, answer]) =>
      isRecord(answer) && typeof answer.status === "number"
        ? [[url, { status: answer.status, payload: answer.body ?? undefined }] as const]
        : [],
    ),
  );
}

const PAGE_ANSWER_MAX_AGE_MS = 10_000;

function takePageAnswer(path: string): Answer | undefined {
  if (performance.now() > PAGE_ANSWER_MAX_AGE_MS) pageAnswers.clear();
  const answer = pageAnswers.get(path);
  pageAnswers.delete(path);
  return answer;
}

function parseJson(text: string): unknown {
  if (text.length === 0) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return undefined;
  }
}

function toErrorBody(status: number, payload: unknown): ApiErrorBody {
  if (!isRecord(payload) || typeof payload.message !== "string") {
    return { code: codeFromStatus(status), message: httpMessages.unknownError };
  }
  const fields = isStringRecord(payload.fields) ? payload.fields : undefined;
  return {
    code: isErrorCode(payload.code) ? payload.code : codeFromStatus(status),
    message: payload.message,
    ...(fields ? { fields } : {}),
  };
}

function codeFromStatus(status: number): ErrorCode {
  switch (status) {
    case 400:
      return "VALIDATION_FAILED";
    case 401:
      return "UNAUTHENTICATED";
    case 403:
      return "FORBIDDEN";
    case 404:
      return "NOT_FOUND";
    case 409:
      return "CONFLICT";
    case 429:
      return "RATE_LIMITED";
    default:
      return "INTERNAL";
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((entry) => typeof entry === "string");
}

function isErrorCode(value: unknown): value is ErrorCode {
  return ERROR_CODES.some((code) => code === value);
}
