// The app as `npm start` runs it for a benchmark: embedded PostgreSQL, demo data, a fresh data
// folder, a random port; and the demo administrator's session cookie. Given a database URL, the app
// runs on that database instead of an embedded one.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export async function startDemoServer(name, basePort, { databaseUrl } = {}) {
  const port = basePort + Math.floor(Math.random() * 100);
  const origin = `http://127.0.0.1:${port}`;
  const databasePort = port + 20000;
  const dataDir = mkdtempSync(path.join(tmpdir(), `vitrine-bench-${name}-`));
  const env = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    APP_URL: origin,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(databasePort),
    LOG_LEVEL: "warn",
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  // The V8 settings npm start and the image use (apps/server/src/node-flags.ts).
  const server = spawn(
    process.execPath,
    ["--max-semi-space-size=64", "--import", "tsx", "apps/server/src/main.ts"],
    {
      env,
      stdio: "ignore",
    },
  );
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server.once("exit", resolve));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (;;) {
      if (server.exitCode !== null) throw new Error("server exited");
      const ready = await fetch(`${origin}/api/auth/session`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origin,
    /** The server's process (its RSS is read from /proc/<pid>/status). */
    pid: server.pid,
    /** The embedded database, as the server's own role reaches it. */
    databaseUrl: databaseUrl ?? `postgres://vitrine:vitrine-local@127.0.0.1:${databasePort}/vitrine`,
    stop,
    async adminCookie() {
      const signIn = await fetch(`${origin}/api/auth/admin/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", origin },
        body: JSON.stringify({ email: "admin@vitrine.local", password: "vitrine-admin-demo" }),
      });
      const cookie = signIn.headers
        .getSetCookie()
        .find((c) => c.startsWith("vitrine.session_token="))
        ?.split(";")[0];
      if (!cookie) throw new Error(`admin sign-in failed: ${signIn.status}`);
      return cookie;
    },
  };
}
