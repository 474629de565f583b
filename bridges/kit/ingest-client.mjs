/**
 * A live source's side of the ingestion API: posts events and states with the bearer token,
 * retrying on 503 (queue full, honouring Retry-After), 5xx and network errors with backoff.
 * Used by the bridges, the simulator, the benchmarks and the e2e journeys.
 */

/** The development token (apps/server/src/config.ts DEMO_LIVE_INGEST_TOKEN). */
export const DEMO_LIVE_INGEST_TOKEN = "vitrine-live-ingest-demo-token";

/**
 * The command-line options (node:util parseArgs) every bridge takes: the live, how to reach
 * Vitrine, and where to keep what it could not send yet or had refused for good.
 */
export const BRIDGE_CLI_OPTIONS = {
  live: { type: "string" },
  url: { type: "string", default: process.env.VITRINE_URL ?? "http://localhost:3000" },
  token: { type: "string", default: process.env.LIVE_INGEST_TOKEN ?? DEMO_LIVE_INGEST_TOKEN },
  "set-aside": { type: "string", default: "vitrine-set-aside.jsonl" },
  spool: { type: "string", default: process.env.VITRINE_SPOOL_DIR ?? "vitrine-spool" },
};

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export class IngestError extends Error {
  constructor(status, body) {
    super(`ingestion refused (${status}): ${body}`);
    this.status = status;
  }
}

export function createIngestClient({
  url = "http://localhost:3000",
  token = DEMO_LIVE_INGEST_TOKEN,
  liveRef,
  maxAttempts = 8,
  fetchImpl = fetch,
  onRetry = () => {},
}) {
  const base = url.replace(/\/$/, "");
  async function post(path, body) {
    let delay = 100;
    for (let attempt = 1; ; attempt++) {
      let response;
      try {
        response = await fetchImpl(`${base}/api/live-ingest${path}`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        });
      } catch (error) {
        if (attempt >= maxAttempts) throw error;
        onRetry({ attempt, reason: error.message });
        await sleep(delay + Math.random() * delay);
        delay = Math.min(delay * 2, 5_000);
        continue;
      }
      if (response.ok) return response.json();
      const text = await response.text();
      const retryable = response.status === 503 || response.status >= 500;
      if (!retryable || attempt >= maxAttempts) throw new IngestError(response.status, text);
      const retryAfter = Number(response.headers.get("retry-after"));
      onRetry({ attempt, reason: `${response.status}` });
      await sleep(
        Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : delay + Math.random() * delay,
      );
      delay = Math.min(delay * 2, 5_000);
    }
  }
  return {
    /** Resolves with { accepted, duplicates } once the server committed the events. */
    sendEvents: (events) => post("/events", { liveRef, events }),
    /** `health`: { lastEventAt, reconnects, duplicatesDropped, source }, each optional. */
    sendStatus: (state, health = {}) => post("/status", { liveRef, state, ...health }),
    /** A cut once the source is back: { from, to, resent, source } (epoch ms, events sent again). */
    sendGap: (gap) => post("/gaps", { liveRef, ...gap }),
  };
}
