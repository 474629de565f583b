import { httpMessages, type ApiErrorBody, type ErrorCode } from "@vitrine/domain";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { databaseUnreachable } from "../db/pg-error";
import type { ErrorReporter } from "../error-reporting";

/** A rule was broken: carries a stable code and the French message shown to the person. */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  /** `options.cause`: the failure the rule was read from (a database refusal), kept for the logs. */
  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, options?: ErrorOptions) {
    super(message, options);
    this.name = "DomainError";
    this.code = code;
    this.fields = fields;
  }
}

export const httpStatusByErrorCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MAGIC_LINK_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  NOT_ADMIN: 403,
  NOT_FOUND: 404,
  ACCOUNT_NOT_FOUND: 404,
  CONFLICT: 409,
  ACCOUNT_ALREADY_EXISTS: 409,
  TIKTOK_USERNAME_TAKEN: 409,
  HANDLE_NOT_PROVEN: 403,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  PAYMENT_PROVIDER_FAILED: 502,
  LABEL_PROVIDER_FAILED: 502,
  INGEST_TOKEN_INVALID: 401,
  INGEST_BUSY: 503,
  INGEST_EVENT_TOO_LARGE: 413,
  WEBHOOK_NOT_CONFIGURED: 404,
  WEBHOOK_VERIFY_TOKEN_INVALID: 403,
  WEBHOOK_SIGNATURE_INVALID: 403,
  DATABASE_UNREACHABLE: 503,
};

const INTERNAL_MESSAGE = httpMessages.internal;
const INVALID_REQUEST_MESSAGE = httpMessages.invalidRequest;

function isDomainError(error: unknown): error is DomainError {
  return error instanceof Error && error.name === "DomainError" && "code" in error;
}

/** Zod issues keyed by the first path segment, first message wins, as forms display them. */
function fieldMessages(issues: { instancePath: string; message?: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.instancePath.split("/").filter(Boolean)[0] ?? "_";
    fields[field] ??= issue.message ?? INVALID_REQUEST_MESSAGE;
  }
  return fields;
}

/**
 * Errors raised by the router itself, before any hook (an undecodable URL, a path parameter over
 * the length limit): the same `{ code, message }` body as every other 4xx.
 */
export function frameworkErrorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply.status(status).send({ code: "VALIDATION_FAILED", message: INVALID_REQUEST_MESSAGE });
}

/**
 * One error model for the whole API: `{ code, message, fields? }`, 5xx never leak internals. An
 * unexpected failure goes to the error reporter too, when there is one.
 */
export function registerErrorHandling(app: FastifyInstance, reporter?: ErrorReporter): void {
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    if (isDomainError(error)) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.fields) body.fields = error.fields;
      return reply.status(httpStatusByErrorCode[error.code]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        instancePath: issue.instancePath,
        message: issue.message,
      }));
      const fields = fieldMessages(issues);
      const first = Object.values(fields)[0] ?? INVALID_REQUEST_MESSAGE;
      const body: ApiErrorBody = { code: "VALIDATION_FAILED", message: first, fields };
      return reply.status(400).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: "RATE_LIMITED", message: httpMessages.rateLimited });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, body too large: the framework's own 4xx.
      return reply.status(status).send({ code: "VALIDATION_FAILED", message: INVALID_REQUEST_MESSAGE });
    }
    if (databaseUnreachable(error)) {
      // Said as it is: the person retries once PostgreSQL answers, nothing was written meanwhile.
      request.log.warn({ err: error }, "database unreachable");
      return reply
        .status(503)
        .send({ code: "DATABASE_UNREACHABLE", message: httpMessages.databaseUnreachable });
    }
    reporter?.captureRouteError(error, request);
    request.log.error({ err: error }, "unhandled error");
    return reply.status(500).send({ code: "INTERNAL", message: INTERNAL_MESSAGE });
  });
}
