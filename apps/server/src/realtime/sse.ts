import type { ServerResponse } from "node:http";

/** A comment line this often keeps proxies and browsers from dropping an idle stream. */
export const KEEP_ALIVE_MS = 15_000;

/** One server-sent event's text. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Starts a server-sent events answer on a reply Fastify no longer handles (`reply.hijack()`):
 * `headers` are the app's own (security headers set before the reply was taken over). The first
 * bytes tell the client the stream is open; `retry` asks for a quick reconnection.
 */
export function startSseResponse(
  response: ServerResponse,
  headers: Record<string, string | string[] | number | undefined>,
): void {
  response.writeHead(200, {
    ...headers,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  response.write("retry: 1000\n: connected\n\n");
}
