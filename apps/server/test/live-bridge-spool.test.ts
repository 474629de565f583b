import { spawn, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTikTokBridge } from "../../../bridges/tiktok/bridge.mjs";
import { connectorEvent } from "../../../bridges/tiktok/fixtures/connector-events.mjs";
import { scriptedMsgId } from "../../../bridges/tiktok/fixtures/scripted-connection.mjs";
import { openSpool, spoolFolder } from "../../../bridges/kit/spool.mjs";
import { createIngestClient } from "../../../scripts/live/ingest-client.mjs";
import { insertLive } from "./support/factories";
import { testPort } from "./support/ports";
import { startServerProcess, type ServerProcess } from "./support/server-process";
import { startTcpProxy, type TcpProxy } from "./support/tcp-proxy";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * The bridge's spool against the real server (main.ts as a child process): the server stopped
 * and started again in the middle of a stream, its database unreachable for a while (a TCP relay
 * between the server and PostgreSQL, cut for 30 s then restored: the embedded PostgreSQL is shared by the
 * other test files), and the bridge process (run.mjs) killed with SIGKILL and started again. Each
 * time every event the connector handed the bridge is stored, once, in the order it came.
 */
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
let t: TestApp;
let database: TcpProxy;
let server: ServerProcess | undefined;
let dataDir: string;
let spoolRoot: string;
// Beside the other servers the API tests start (TEST_SERVER_PORT to its third next port).
const port = testPort("TEST_SERVER_PORT", 49_000, 1_000, 4);
const bridges: ChildProcess[] = [];

beforeAll(async () => {
  t = await createTestApp();
  const target = new URL(t.databaseUrl);
  database = await startTcpProxy({ host: target.hostname, port: Number(target.port) });
  dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-spool-server-"));
  spoolRoot = mkdtempSync(path.join(tmpdir(), "vitrine-spool-"));
  server = await startServer();
}, 120_000);
afterAll(async () => {
  for (const bridge of bridges) bridge.kill("SIGKILL");
  server?.child.kill("SIGKILL");
  await database?.stop();
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(spoolRoot, { recursive: true, force: true });
});

function startServer(): Promise<ServerProcess> {
  const url = new URL(t.databaseUrl);
  url.port = String(database.port);
  return startServerProcess({
    port,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir, SEED_DEMO: "false", LOG_LEVEL: "error" },
  });
}

async function stopServer(): Promise<void> {
  const stopping = server;
  server = undefined;
  if (!stopping) return;
  stopping.child.kill("SIGTERM");
  await stopping.exited;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live's stored msgIds in the server's receive order, and how many rows each has. */
async function storedEvents(liveId: string): Promise<{ order: string[]; copies: Map<string, number> }> {
  const client = new pg.Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ msg_id: string }>(
      "SELECT msg_id FROM tiktok_events WHERE live_id = $1 ORDER BY seq",
      [liveId],
    );
    const copies = new Map<string, number>();
    for (const row of rows) copies.set(row.msg_id, (copies.get(row.msg_id) ?? 0) + 1);
    return { order: rows.map((row) => row.msg_id), copies };
  } finally {
    await client.end();
  }
}

/** The events a spool folder holds on disk (whole lines only). */
function spooledIds(folder: string): string[] {
  let names: string[];
  try {
    names = readdirSync(folder).sort();
  } catch {
    return [];
  }
  return names.flatMap((name) =>
    readFileSync(path.join(folder, name), "utf8")
      .split("\n")
      .filter((line) => line.endsWith("}"))
      .map((line) => (JSON.parse(line) as { msgId: string }).msgId),
  );
}

class FakeConnection extends EventEmitter {
  async connect() {
    return { roomId: "1" };
  }
  async disconnect() {}
}

const msgId = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, "0")}`;

/** A bridge in this process with its spool, sending to the server through its HTTP client. */
async function bridgeOn(liveRef: string) {
  const connection = new FakeConnection();
  const bridge = createTikTokBridge({
    createConnection: () => connection,
    // Few attempts inside the client: the bridge's own loop keeps the events and resends them.
    ingest: createIngestClient({ url: server!.origin, liveRef, maxAttempts: 2 }),
    spool: openSpool(spoolFolder(spoolRoot, liveRef)),
    backoff: { minMs: 100, maxMs: 1_000 },
    flushMs: 20,
  });
  await bridge.start();
  const emit = async (prefix: string, from: number, to: number) => {
    for (let n = from; n < to; n++) {
      connection.emit(
        "chat",
        connectorEvent("chat", { msgId: msgId(prefix, n), content: `je prends le ${n % 40}` }),
      );
      if (n % 10 === 9) await sleep(10);
    }
  };
  return { bridge, emit };
}

describe("the bridge's spool with the real server", () => {
  it("loses nothing and stores nothing twice when the server stops and starts again mid-stream", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const { bridge, emit } = await bridgeOn(live.ref);
    await emit("r", 0, 150);
    await stopServer();
    await emit("r", 150, 300);
    await sleep(500);
    server = await startServer();
    await emit("r", 300, 400);
    await until(() => bridge.buffered === 0 && bridge.stats.acknowledged >= 400);
    await bridge.stop();

    const { order, copies } = await storedEvents(live.id);
    expect(order).toEqual(Array.from({ length: 400 }, (_, n) => msgId("r", n)));
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
    expect(spooledIds(spoolFolder(spoolRoot, live.ref))).toEqual([]);
  }, 180_000);

  it("keeps the events on disk while the database is unreachable for 30 s, and stores each once when it is back", async () => {
    const live = await insertLive(t.db, { isActive: true });
    const { bridge, emit } = await bridgeOn(live.ref);
    await emit("d", 0, 100);
    await until(() => bridge.stats.acknowledged === 100);
    await database.stop();
    await emit("d", 100, 250);
    // The server cannot store them: they wait on the bridge's disk, in order.
    await sleep(30_000);
    expect(bridge.stats.acknowledged).toBe(100);
    expect(spooledIds(spoolFolder(spoolRoot, live.ref))).toEqual(
      Array.from({ length: 150 }, (_, n) => msgId("d", n + 100)),
    );
    await database.start();
    await emit("d", 250, 300);
    await until(() => bridge.buffered === 0 && bridge.stats.acknowledged >= 300);
    await bridge.stop();

    const { order, copies } = await storedEvents(live.id);
    expect(order).toEqual(Array.from({ length: 300 }, (_, n) => msgId("d", n)));
    expect([...copies.values()].every((count) => count === 1)).toBe(true);
  }, 180_000);

  it("sends after a kill -9 of the bridge what it had received, and stores it once", async () => {
    const live = await insertLive(t.db, { isActive: true });
    // The bridge reaches the server through a relay: cut, the server does not answer at all.
    const relay = await startTcpProxy({ host: "127.0.0.1", port });
    await relay.stop();
    const folder = spoolFolder(spoolRoot, live.ref);
    const output: string[] = [];
    const runBridge = (script: { from: number; count: number }) => {
      const child = spawn(
        process.execPath,
        [
          "bridges/tiktok/run.mjs",
          "--live",
          live.ref,
          "--user",
          "boutique",
          "--url",
          `http://127.0.0.1:${relay.port}`,
          "--spool",
          spoolRoot,
          "--connector",
          "bridges/tiktok/fixtures/scripted-connection.mjs",
        ],
        {
          cwd: ROOT,
          env: { ...process.env, VITRINE_SCRIPTED_EVENTS: JSON.stringify({ ...script, everyMs: 2 }) },
          stdio: ["ignore", "pipe", "pipe"],
        },
      );
      child.stdout?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      child.stderr?.on("data", (chunk: Buffer) => output.push(chunk.toString()));
      bridges.push(child);
      return child;
    };
    const kill = async (child: ChildProcess) => {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error("the bridge had exited");
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    };
    const expected = (count: number) => Array.from({ length: count }, (_, n) => scriptedMsgId(n));

    try {
      const first = runBridge({ from: 0, count: 300 });
      await until(() => spooledIds(folder).length === 300, 30_000);
      await kill(first);
      expect(spooledIds(folder)).toEqual(expected(300));

      await relay.start();
      const second = runBridge({ from: 300, count: 200 });
      await until(async () => (await storedEvents(live.id)).order.length === 500, 30_000);
      await kill(second);
      // A third run sends whatever the second had not removed from its spool yet: the server
      // drops what it has.
      const third = runBridge({ from: 0, count: 0 });
      await until(() => spooledIds(folder).length === 0, 30_000);
      await kill(third);

      const { order, copies } = await storedEvents(live.id);
      expect(order).toEqual(expected(500));
      expect([...copies.values()].every((count) => count === 1)).toBe(true);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${output.join("")}`);
    } finally {
      await relay.stop();
    }
  }, 180_000);
});
