import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { openSpool } from "@vitrine/bridge-kit/spool";
import { IngestError } from "../../scripts/live/ingest-client.mjs";
import { createTikTokBridge } from "./bridge.mjs";
import { connectorEvent } from "./fixtures/connector-events.mjs";

const folders = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
const freshFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "vitrine-spool-"));
  folders.push(folder);
  return folder;
};

class FakeConnection extends EventEmitter {
  async connect() {
    return { roomId: "1" };
  }
  async disconnect() {}
}

const until = async (check, timeoutMs = 3_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

/** A server that is down until `up` is set, then stores each msgId once. */
function switchableIngest() {
  const ingest = { up: false, stored: [], requests: 0, statuses: [] };
  ingest.sendStatus = async (state) => void ingest.statuses.push(state);
  ingest.sendEvents = async (events) => {
    ingest.requests += 1;
    if (!ingest.up) throw new IngestError(503, "down");
    let duplicates = 0;
    for (const e of events) {
      if (ingest.stored.includes(e.msgId)) duplicates += 1;
      else ingest.stored.push(e.msgId);
    }
    return { accepted: events.length - duplicates, duplicates };
  };
  return ingest;
}

describe("the bridge with a spool", () => {
  const quick = { backoff: { minMs: 5, maxMs: 20 }, flushMs: 5, spoolSyncMs: 5 };
  /** A bridge on the spool in `folder`, sending to `ingest`, fed by `connection`. */
  const spooledBridge = (folder, ingest, connection = new FakeConnection(), options = {}) =>
    createTikTokBridge({
      ...quick,
      ...options,
      ingest,
      spool: openSpool(folder),
      createConnection: () => connection,
    });

  it("writes events before sending them and sends them after a restart when the server never answered", async () => {
    const folder = freshFolder();
    const ingest = switchableIngest();
    const connection = new FakeConnection();
    const first = spooledBridge(folder, ingest, connection);
    await first.start();
    for (let n = 0; n < 30; n++)
      connection.emit("chat", connectorEvent("chat", { msgId: `s${n}`, content: `${n}` }));
    await until(() => ingest.requests >= 2);
    // The bridge dies here without a word (no stop): only its spool is left.
    const lines = readdirSync(folder).flatMap((name) =>
      readFileSync(path.join(folder, name), "utf8").trim().split("\n"),
    );
    expect(lines.map((line) => JSON.parse(line).msgId)).toEqual(
      Array.from({ length: 30 }, (_, n) => `s${n}`),
    );

    ingest.up = true;
    const second = spooledBridge(folder, ingest);
    expect(second.buffered).toBe(30);
    await second.start();
    await until(() => second.buffered === 0);
    expect(ingest.stored).toEqual(Array.from({ length: 30 }, (_, n) => `s${n}`));
    expect(second.stats).toMatchObject({ fromSpool: 30, acknowledged: 30 });
    expect(readdirSync(folder)).toEqual([]);
    await second.stop();
    // The first bridge, still retrying in this process, finds the server up too: whichever came
    // second, the server dropped what it already had and said so.
    await until(() => first.buffered === 0);
    expect(first.stats.serverDuplicates + second.stats.serverDuplicates).toBe(30);
    expect(ingest.stored).toHaveLength(30);
    await first.stop();
  });

  it("keeps on disk what a stop could not deliver, for the next start", async () => {
    const folder = freshFolder();
    const ingest = switchableIngest();
    const connection = new FakeConnection();
    const bridge = spooledBridge(folder, ingest, connection);
    await bridge.start();
    for (let n = 0; n < 5; n++)
      connection.emit("chat", connectorEvent("chat", { msgId: `k${n}`, content: `${n}` }));
    await bridge.stop(100);
    expect(openSpool(folder).pending.map((p) => p.event.msgId)).toEqual(["k0", "k1", "k2", "k3", "k4"]);
  });

  it("keeps on disk what its memory cap dropped, and sends it at the next start", async () => {
    const folder = freshFolder();
    const ingest = switchableIngest();
    const connection = new FakeConnection();
    const first = spooledBridge(folder, ingest, connection, { maxBuffered: 3 });
    await first.start();
    for (let n = 0; n < 5; n++)
      connection.emit("chat", connectorEvent("chat", { msgId: `c${n}`, content: `${n}` }));
    expect(first.stats.dropped).toBe(2);
    await first.stop(50);
    ingest.up = true;
    const second = spooledBridge(folder, ingest);
    await second.start();
    await until(() => second.buffered === 0);
    expect(ingest.stored).toEqual(["c0", "c1", "c2", "c3", "c4"]);
    await second.stop();
    expect(readdirSync(folder)).toEqual([]);
  });
});
