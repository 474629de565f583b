import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { IngestError } from "./ingest-client.mjs";
import { backoffDelay, boundedText, createIngestSender } from "./sender.mjs";

const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const until = async (check, timeoutMs = 3_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const chat = (msgId, uniqueId = "youtube-viewer") => ({
  type: "chat",
  msgId,
  createTime: 1_764_000_000_000,
  tiktokUserId: null,
  uniqueId,
  nickname: "Léa",
  avatarUrl: null,
  comment: "je prends le 12",
  payload: {},
});

/** A server that stores each msgId once; `refuse(events)` may name a status it answers instead. */
function fakeIngest({ refuse = () => null } = {}) {
  const ingest = { statuses: [], gaps: [], stored: [] };
  ingest.sendStatus = async (state, health) => void ingest.statuses.push({ state, ...health });
  ingest.sendGap = async (gap) => void ingest.gaps.push(gap);
  ingest.sendEvents = async (events) => {
    const status = refuse(events);
    if (status) throw new IngestError(status, `refused with ${status}`);
    let duplicates = 0;
    for (const event of events) {
      if (ingest.stored.includes(event.msgId)) duplicates += 1;
      else ingest.stored.push(event.msgId);
    }
    return { accepted: events.length - duplicates, duplicates };
  };
  return ingest;
}

describe("backoffDelay", () => {
  it("grows exponentially up to the cap, with jitter", () => {
    const limits = { minMs: 1_000, maxMs: 60_000 };
    expect(backoffDelay(0, limits, () => 0)).toBe(500);
    expect(backoffDelay(0, limits, () => 1)).toBe(1_000);
    expect(backoffDelay(3, limits, () => 1)).toBe(8_000);
    expect(backoffDelay(20, limits, () => 1)).toBe(60_000);
    expect(backoffDelay(20, limits, () => 0.5)).toBeLessThan(60_000);
  });
});

describe("boundedText", () => {
  it("keeps a platform's text within the contract, never cutting an emoji in half", () => {
    expect(boundedText(`${"a".repeat(199)}🌸`, 200)).toBe("a".repeat(199));
    expect(boundedText("", 10)).toBeNull();
    expect(boundedText(undefined, 10)).toBeNull();
    expect(boundedText(42, 10)).toBe("42");
  });
});

describe("createIngestSender", () => {
  it("names its source in every state and cut, and counts what the platform handed again", async () => {
    let clock = 1_764_000_000_000;
    const ingest = fakeIngest();
    const sender = createIngestSender({
      ingest,
      source: "youtube",
      flushMs: 5,
      gapSettleMs: 20,
      healthEveryMs: 10_000,
      now: () => clock,
    });
    sender.start();
    await sender.report("connected");
    expect(sender.enqueue(chat("a"))).toBe(true);
    await until(() => ingest.stored.includes("a"));

    const droppedAt = clock;
    sender.connectionLost();
    await sender.report("reconnecting");
    clock += 15_000;
    // A second failure while the cut is open does not move its start.
    sender.connectionLost();
    sender.connectionBack();
    await sender.report("connected");
    // The platform hands "a" again with a new one.
    expect(sender.enqueue(chat("a"))).toBe(false);
    expect(sender.enqueue(chat("b"))).toBe(true);
    await until(() => ingest.gaps.length === 1 && ingest.stored.includes("b"));
    expect(ingest.gaps).toEqual([{ from: droppedAt, to: droppedAt + 15_000, resent: 1, source: "youtube" }]);
    expect(ingest.statuses.map((s) => [s.state, s.source])).toEqual([
      ["connected", "youtube"],
      ["reconnecting", "youtube"],
      ["connected", "youtube"],
    ]);
    expect(ingest.statuses.at(-1)).toMatchObject({ reconnects: 1, duplicatesDropped: 0 });
    await sender.stop();
    expect(ingest.statuses.at(-1)).toMatchObject({ state: "stopped", duplicatesDropped: 1 });
    expect(sender.stats).toMatchObject({ received: 2, acknowledged: 2, duplicates: 1 });
  });

  it("appends what the server refused for good to the set-aside file and reports 'degraded'", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "vitrine-kit-"));
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    const file = path.join(folder, "set-aside.jsonl");
    const ingest = fakeIngest({
      refuse: (events) => (events.some((e) => e.uniqueId === "refused") ? 409 : null),
    });
    const sender = createIngestSender({ ingest, liveRef: "L7", setAsidePath: file, flushMs: 5 });
    sender.start();
    await sender.report("connected");
    sender.enqueue(chat("r1", "refused"));
    await until(() => sender.stats.setAside === 1);
    sender.enqueue(chat("ok1"));
    await until(() => ingest.stored.includes("ok1"));
    await sender.stop();
    const lines = readFileSync(file, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      expect.objectContaining({ status: 409, live: "L7", event: expect.objectContaining({ msgId: "r1" }) }),
    ]);
    expect(ingest.statuses.map((s) => s.state)).toEqual(["connected", "degraded", "stopped"]);
  });

  it("sends nothing more once stopped: what it could not deliver waits in the spool for the next start", async () => {
    let down = true;
    const ingest = fakeIngest({ refuse: () => (down ? 503 : null) });
    let requests = 0;
    const sendEvents = ingest.sendEvents;
    ingest.sendEvents = (events) => {
      requests += 1;
      return sendEvents(events);
    };
    const sender = createIngestSender({ ingest, flushMs: 5, backoff: { minMs: 5, maxMs: 10 } });
    sender.start();
    sender.enqueue(chat("late"));
    await until(() => requests >= 2);
    await sender.stop(30);
    down = false;
    const after = requests;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests).toBe(after);
    expect(ingest.stored).toEqual([]);
    expect(sender.buffered).toBe(1);
  });

  it("posts to the ingestion API with the bearer token when given its address", async () => {
    const requests = [];
    const server = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk) => (body += chunk));
      request.on("end", () => {
        requests.push({
          url: request.url,
          authorization: request.headers.authorization,
          body: JSON.parse(body),
        });
        response.setHeader("content-type", "application/json");
        response.end(request.url === "/api/live-ingest/events" ? '{"accepted":1,"duplicates":0}' : "{}");
      });
    });
    await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
    cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    const sender = createIngestSender({
      url: `http://127.0.0.1:${server.address().port}`,
      token: "secret-token",
      liveRef: "L9",
      source: "youtube",
      flushMs: 5,
    });
    sender.start();
    await sender.report("connected");
    sender.enqueue(chat("y1"));
    await sender.stop();
    expect(requests.map((r) => r.url)).toEqual([
      "/api/live-ingest/status",
      "/api/live-ingest/events",
      "/api/live-ingest/status",
    ]);
    expect(requests.every((r) => r.authorization === "Bearer secret-token")).toBe(true);
    expect(requests[1].body).toEqual({ liveRef: "L9", events: [chat("y1")] });
    expect(requests[2].body).toMatchObject({ liveRef: "L9", state: "stopped", source: "youtube" });
  });
});
