import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSimulation } from "../../../scripts/live/simulate.mjs";
import { insertLive, type LiveRow } from "./support/factories";
import { testPort } from "./support/ports";
import { startServerProcess } from "./support/server-process";
import { createTestApp, type TestApp } from "./support/test-app";

/*
 * Self-hosting: a server process killed with SIGKILL in the middle of a live loses no
 * comment it acknowledged. The real server (main.ts) runs as a child process on a test database;
 * the simulator streams comments into it, the process is killed, started again, and every msgId
 * the server acknowledged must be in the database.
 */
let t: TestApp;
let live: LiveRow;
let dataDir: string;
let server: ChildProcess | undefined;
const port = testPort("TEST_SERVER_PORT", 47_000, 1_000);
const url = `http://127.0.0.1:${port}`;

beforeAll(async () => {
  t = await createTestApp();
  live = await insertLive(t.db, { isActive: true });
  dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-crash-"));
});
afterAll(async () => {
  server?.kill("SIGKILL");
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<ChildProcess> {
  const { child } = await startServerProcess({
    port,
    env: {
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "error",
    },
  });
  return child;
}

const until = async (check: () => boolean, timeoutMs: number) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe("a server killed with SIGKILL during a live", () => {
  it("has stored every comment it acknowledged", async () => {
    server = await startServer();
    const acknowledged: string[] = [];
    const controller = new AbortController();
    const simulation = runSimulation({
      url,
      liveRef: live.ref,
      rate: 400,
      batchMax: 50,
      signal: controller.signal,
      reportStatus: false,
      onAck: (events) => acknowledged.push(...events.map((event) => event.msgId)),
    });

    await until(() => acknowledged.length >= 400, 30_000);
    const killed = server;
    await new Promise((resolve) => {
      killed.once("exit", resolve);
      killed.kill("SIGKILL");
    });
    const beforeRestart = acknowledged.length;
    server = await startServer();
    await until(() => acknowledged.length >= beforeRestart + 400, 30_000);
    controller.abort();
    const stats = await simulation;

    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ msg_id: string }>(
        "SELECT msg_id FROM tiktok_events WHERE live_id = $1",
        [live.id],
      );
      const stored = new Set(rows.map((row) => row.msg_id));
      const lost = acknowledged.filter((msgId) => !stored.has(msgId));
      expect(lost).toEqual([]);
      expect(stats.acked).toBe(acknowledged.length);
      expect(new Set(acknowledged).size).toBe(acknowledged.length);
    } finally {
      await client.end();
    }
  }, 180_000);
});
