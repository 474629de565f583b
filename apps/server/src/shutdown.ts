import type { FastifyInstance } from "fastify";

/**
 * How long in-flight requests get to finish once a stop is asked. Under Docker's 10 s between
 * SIGTERM and SIGKILL, so the database is always closed cleanly.
 */
export const DRAIN_TIMEOUT_MS = 8_000;

export interface ShutdownOptions {
  app: FastifyInstance;
  /** Run in order once no request is left: stop timers, close the database. */
  afterDrain: (() => Promise<void> | void)[];
  log: (message: string) => void;
  drainTimeoutMs?: number;
}

/**
 * Stops accepting connections and lets in-flight requests finish (a request arriving on a kept-alive
 * connection meanwhile gets 503, so a load balancer retries it elsewhere); past the drain timeout
 * the remaining connections (a stuck request, a long-lived stream) are cut. Then the closing steps.
 */
export async function shutDown({ app, afterDrain, log, drainTimeoutMs = DRAIN_TIMEOUT_MS }: ShutdownOptions) {
  const started = performance.now();
  const deadline = setTimeout(() => {
    log(`Requests still running after ${drainTimeoutMs} ms: closing their connections.`);
    app.server.closeAllConnections();
  }, drainTimeoutMs);
  // A kept-alive connection whose request ends during the drain would hold the close until the
  // deadline: close each connection as soon as it is idle.
  const reaper = setInterval(() => app.server.closeIdleConnections(), 50);
  try {
    await app.close();
  } finally {
    clearTimeout(deadline);
    clearInterval(reaper);
  }
  log(`HTTP server closed after ${Math.round(performance.now() - started)} ms.`);
  for (const step of afterDrain) await step();
}
