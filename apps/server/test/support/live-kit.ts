import type { LiveFeedEvent, LiveIngestEvent } from "@vitrine/domain";
import type { ApiKit } from "./api-kit";
import type { FastifyInstance } from "fastify";
import { randomUUID } from "node:crypto";
import { expect } from "vitest";
import { DEMO_LIVE_INGEST_TOKEN } from "../../src/config";

/** The token test apps accept (the development default). */
export const INGEST_TOKEN = DEMO_LIVE_INGEST_TOKEN;
export const bearer = (token = INGEST_TOKEN) => ({ authorization: `Bearer ${token}` });

/** A chat event as a source sends it; a fresh msgId unless given. */
export function chatEvent(overrides: Partial<LiveIngestEvent> = {}): LiveIngestEvent {
  return {
    type: "chat",
    msgId: randomUUID(),
    createTime: Date.now(),
    tiktokUserId: "7012345678901234567",
    uniqueId: "Marie_Dupont",
    nickname: "Marie 🌸",
    avatarUrl: "https://p16.tiktokcdn.example/marie.jpeg",
    comment: "je prends le 12",
    payload: { source: "test" },
    ...overrides,
  };
}

export function postEvents(app: FastifyInstance, liveRef: string, events: LiveIngestEvent[], token?: string) {
  return app.inject({
    method: "POST",
    url: "/api/live-ingest/events",
    headers: bearer(token),
    payload: { liveRef, events },
  });
}

/** Chat comments through the real ingestion route, in this order (one batch), accepted. */
export async function postComments(
  app: FastifyInstance,
  liveRef: string,
  said: [handle: string, text: string][],
) {
  const response = await postEvents(
    app,
    liveRef,
    said.map(([uniqueId, text]) => chatEvent({ uniqueId, comment: text })),
  );
  expect(response.statusCode, response.body).toBeLessThan(300);
}

export interface SseMessage {
  event: string;
  id: string | undefined;
  data: string;
}

/** A server-sent events client over fetch, collecting messages as they come. */
export interface SseClient {
  messages: SseMessage[];
  /** Resolves once `predicate` holds for the messages received (rejects after `timeoutMs`). */
  waitFor(predicate: (messages: SseMessage[]) => boolean, timeoutMs?: number): Promise<SseMessage[]>;
  liveEvents(): LiveFeedEvent[];
  /** What a browser would send as Last-Event-ID on reconnecting: the last id received, in any block. */
  lastEventId(): string | undefined;
  close(): void;
  response: Response;
  /** Resolves true once the server ended the stream (false when the client closed it). */
  ended: Promise<boolean>;
}

export async function openSse(url: string, headers: Record<string, string>): Promise<SseClient> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  if (!response.ok || !response.body) throw new Error(`stream refused: ${response.status}`);
  const messages: SseMessage[] = [];
  const waiters = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  let lastEventId: string | undefined;
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return true;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = { event: "message", id: undefined, data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) message.event = line.slice(7);
            else if (line.startsWith("id: ")) {
              message.id = line.slice(4);
              lastEventId = message.id;
            } else if (line.startsWith("data: ")) {
              message.data += line.slice(6);
              hasData = true;
            }
          }
          if (hasData) messages.push(message);
        }
        for (const wake of waiters) wake();
      }
    } catch {
      // aborted
      return false;
    }
  })();
  const client: SseClient = {
    messages,
    response,
    ended,
    lastEventId: () => lastEventId,
    liveEvents: () =>
      messages.filter((m) => m.event === "live-event").map((m) => JSON.parse(m.data) as LiveFeedEvent),
    waitFor(predicate, timeoutMs = 3_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (!predicate(messages)) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(messages);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; got ${JSON.stringify(messages.map((m) => [m.event, m.id]))}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
  return client;
}

/**
 * `count` chat comments of a live written straight to the table, in one statement: comment n is
 * `${prefix}${n}` (1-based) and their seqs follow n. No hub hears of them (no NOTIFY): only what
 * reads the database (a stream's replay, a hub's catch-up, the polling) brings them. Returns
 * their seqs, in order.
 */
export async function storeComments(
  pool: { query: (text: string, values: unknown[]) => Promise<{ rows: { seq: string }[] }> },
  liveId: string,
  count: number,
  prefix = "commentaire ",
): Promise<number[]> {
  const { rows } = await pool.query(
    `INSERT INTO tiktok_events (live_id, event_type, user_unique_id, comment, create_time, msg_id)
     SELECT $1, 'chat', 'viewer_' || n, $2 || n, $3, gen_random_uuid()::text
     FROM generate_series(1, $4::int) AS n ORDER BY n
     RETURNING seq`,
    [liveId, prefix, Date.now(), count],
  );
  return rows.map((row) => Number(row.seq)).sort((a, b) => a - b);
}

/** Puts a live in automatic mode without a hold, through the admin API as staff do. */
export async function setAutomaticMode(kit: ApiKit, liveId: string): Promise<void> {
  const response = await kit.injectAs("admin", {
    method: "PUT",
    url: `/api/admin/lives/${liveId}/claims/settings`,
    payload: { mode: "automatique", holdSeconds: null },
  });
  expect(response.statusCode, response.body).toBe(200);
}
