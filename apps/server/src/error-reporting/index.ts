import type { FastifyRequest } from "fastify";
import type { AppConfig } from "../config";

/** Where server errors go besides the log: Sentry when SENTRY_DSN is set. */
export interface ErrorReporter {
  /** A failure the app answered with a 500: reported with the route it happened on. */
  captureRouteError(error: unknown, request: FastifyRequest): void;
  /** Sends what is still buffered; resolves false when the time ran out first. */
  flush(timeoutMs: number): Promise<boolean>;
}

/**
 * Starts error reporting if a DSN is configured. The SDK is imported only then: a server without
 * it never loads it (start-up time, memory).
 */
export async function startErrorReporting(config: AppConfig): Promise<ErrorReporter | undefined> {
  if (!config.sentryDsn) return undefined;
  const { startSentry } = await import("./sentry");
  return startSentry(config.sentryDsn, config.env, { pushServiceHosts: config.pushServiceHosts });
}
