import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from "node:zlib";

/**
 * A stand-in for Sentry's ingestion: receives envelopes as the SDKs send them (POST
 * /api/<project>/envelope/, body gzip/deflate/brotli-compressed or not) and parses them: a JSON
 * header line, then items, each a JSON header line and a payload (of the header's `length` in
 * bytes when given, else up to the next newline).
 */

export interface EnvelopeItem {
  header: { type: string; length?: number; [key: string]: unknown };
  /** The payload parsed as JSON when it is JSON (events, logs, spans), else its raw text. */
  payload: unknown;
  /** The payload as received (decompressed), for "is this text anywhere" checks. */
  raw: string;
}

export interface Envelope {
  header: Record<string, unknown>;
  items: EnvelopeItem[];
  /** The whole envelope as received (decompressed). */
  raw: string;
}

/** The items of an envelope, read as Sentry's envelope format describes them. */
export function parseEnvelope(body: Buffer): Envelope {
  let offset = 0;
  const readLine = (): Buffer => {
    const end = body.indexOf(0x0a, offset);
    const line = body.subarray(offset, end === -1 ? body.length : end);
    offset = end === -1 ? body.length : end + 1;
    return line;
  };
  const header = JSON.parse(readLine().toString("utf8")) as Record<string, unknown>;
  const items: EnvelopeItem[] = [];
  while (offset < body.length) {
    const headerLine = readLine().toString("utf8").trim();
    if (headerLine === "") continue;
    const itemHeader = JSON.parse(headerLine) as EnvelopeItem["header"];
    let payloadBytes: Buffer;
    if (typeof itemHeader.length === "number") {
      payloadBytes = body.subarray(offset, offset + itemHeader.length);
      offset += itemHeader.length;
      if (body[offset] === 0x0a) offset += 1;
    } else {
      payloadBytes = readLine();
    }
    const raw =
      itemHeader.type === "replay_recording"
        ? replayRecordingText(payloadBytes)
        : payloadBytes.toString("utf8");
    let payload: unknown = raw;
    try {
      payload = JSON.parse(raw);
    } catch {
      // A replay recording (a header line, then events): kept as text.
    }
    items.push({ header: itemHeader, payload, raw });
  }
  return { header, items, raw: body.toString("utf8") };
}

/**
 * A replay recording as text: a JSON header line ({"segment_id":n}), then the recorded events,
 * compressed (zlib, as the replay's worker sends them) or not.
 */
function replayRecordingText(bytes: Buffer): string {
  const newline = bytes.indexOf(0x0a);
  const header = bytes.subarray(0, newline).toString("utf8");
  const events = bytes.subarray(newline + 1);
  for (const inflate of [inflateSync, inflateRawSync, gunzipSync]) {
    try {
      return `${header}\n${inflate(events).toString("utf8")}`;
    } catch {
      // Not this format: the next one, or plain text.
    }
  }
  return `${header}\n${events.toString("utf8")}`;
}

function decode(request: IncomingMessage, body: Buffer): Buffer {
  switch (request.headers["content-encoding"]) {
    case "gzip":
      return gunzipSync(body);
    case "deflate":
      return inflateSync(body);
    case "br":
      return brotliDecompressSync(body);
    default:
      // Browsers may send a gzip body without saying so (sendBeacon, some transports).
      return body[0] === 0x1f && body[1] === 0x8b ? gunzipSync(body) : body;
  }
}

export interface SentrySink {
  /** A DSN whose envelopes reach this sink. */
  dsn: string;
  /** The sink's origin (http://127.0.0.1:port). */
  origin: string;
  envelopes: Envelope[];
  /** Resolves with the first received item that matches, waiting for it if need be. */
  waitForItem(match: (item: EnvelopeItem) => boolean, timeoutMs?: number): Promise<EnvelopeItem>;
  close(): Promise<void>;
}

/** Error events (not transactions, logs or replays) as the sink received them. */
export const isErrorEvent = (item: EnvelopeItem) => item.header.type === "event";

export async function startSentrySink(): Promise<SentrySink> {
  const envelopes: Envelope[] = [];
  const waiters = new Set<() => void>();
  const server = createServer((request, response) => {
    // The browser SDK posts from the page's origin.
    response.setHeader("access-control-allow-origin", "*");
    response.setHeader("access-control-allow-headers", "*");
    if (request.method === "OPTIONS") return response.writeHead(204).end();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      try {
        if (request.method === "POST" && /^\/api\/\d+\/envelope\/?/.test(request.url ?? "")) {
          envelopes.push(parseEnvelope(decode(request, Buffer.concat(chunks))));
          for (const wake of waiters) wake();
        }
        response.writeHead(200, { "content-type": "application/json" }).end("{}");
      } catch (error) {
        response.writeHead(400).end(String(error));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  const findItem = (match: (item: EnvelopeItem) => boolean) =>
    envelopes.flatMap((envelope) => envelope.items).find(match);
  return {
    dsn: `http://publickey@127.0.0.1:${port}/1`,
    origin,
    envelopes,
    waitForItem(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const item = findItem(match);
          if (!item) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(item);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          const types = envelopes.flatMap((envelope) => envelope.items.map((item) => item.header.type));
          reject(
            new Error(`no matching envelope item within ${timeoutMs} ms (received: ${types.join(", ")})`),
          );
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
