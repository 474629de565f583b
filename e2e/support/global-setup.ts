import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { E2E_BASE_URL, E2E_PORT } from "./server";

const E2E_DATABASE = "vitrine_e2e";

/** A fresh database on DATABASE_URL's server (CI); without it the app embeds its own. */
async function freshDatabaseUrl(): Promise<string | undefined> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return undefined;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${E2E_DATABASE} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${E2E_DATABASE}`);
  await client.end();
  const url = new URL(adminUrl);
  url.pathname = `/${E2E_DATABASE}`;
  return url.toString();
}

async function waitUntilReady(server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the app exited early:\n${output()}`);
    const ready = await fetch(`${E2E_BASE_URL}/api/auth/session`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer within 90 s:\n${output()}`);
}

/** Starts the built app as `npm start` would, on its own data, and stops it after the run. */
export default async function globalSetup() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-e2e-"));
  const databaseUrl = await freshDatabaseUrl();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "test",
    PORT: String(E2E_PORT),
    HOST: "127.0.0.1",
    APP_URL: E2E_BASE_URL,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(E2E_PORT + 20_000),
    SEED_DEMO: "true",
  };
  delete env.SMTP_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;

  let output = "";
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    env,
    stdio: "pipe",
  });
  server.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitUntilReady(server, () => output);

  return async () => {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
