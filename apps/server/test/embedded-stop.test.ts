import { mkdtempSync, rmSync } from "node:fs";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { embeddedDatabaseUrl } from "../src/db/embedded";
import { eventually } from "./support/eventually";
import { testPort } from "./support/ports";
import { startServerProcess } from "./support/server-process";

const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-stop-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: "127.0.0.1" });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

// The server as `npm start` runs it on its embedded PostgreSQL: stopped by SIGTERM while a request
// is in progress, the database must outlive that request, then stop too.
it("drains the requests in progress on SIGTERM before stopping the embedded database", async () => {
  // Beside live-crash's server (TEST_SERVER_PORT), which may run at the same time.
  const port = testPort("TEST_SERVER_PORT", 4300, 500, 1);
  const databasePort = process.env.TEST_SERVER_PORT ? port + 1 : port + 20_000;
  const {
    child: server,
    origin,
    output,
    exited,
  } = await startServerProcess({
    port,
    readyPath: "/api/shop",
    env: {
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(databasePort),
      LOG_LEVEL: "warn",
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
    },
  });

  // A request held in progress: the FAQ table is locked by another session until we let go.
  const locker = new pg.Client({ connectionString: embeddedDatabaseUrl(databasePort) });
  await locker.connect();
  locker.on("error", () => {});
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE faqs IN ACCESS EXCLUSIVE MODE");
  const held = fetch(`${origin}/api/faqs`).then(
    (response) => response.status,
    () => 0,
  );
  // The request is waiting for the lock before the signal...
  await eventually(async () => {
    const { rows } = await locker.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE pg_backend_pid() = ANY(pg_blocking_pids(pid))",
    );
    return (rows[0]?.waiting ?? 0) > 0;
  }, 10_000);
  server.kill("SIGTERM");
  // ...and the server is draining (it accepts no new connection) before the lock is let go.
  await eventually(async () => !(await portAnswers(port)), 10_000);
  await locker.query("COMMIT").catch(() => {});
  await locker.end().catch(() => {});

  expect(await held).toBe(200);
  expect(await exited).toBe(0);
  expect(output()).toContain("Stopped.");
  expect(output()).not.toMatch(/unhandled error|terminating connection|shutting down|Cannot use a pool/);
  expect(await portAnswers(databasePort)).toBe(false);
}, 90_000);
