import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../../src/node-flags";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** What the process printed so far (its log). */
  output: () => string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

/**
 * The real server (main.ts) as a child process on `port`, the way `npm start` runs it, with these
 * settings over the environment's (an undefined one is removed); resolves once `readyPath` answers.
 */
export async function startServerProcess({
  port,
  env,
  readyPath = "/api/auth/session",
  timeoutMs = 60_000,
}: {
  port: number;
  env: Record<string, string | undefined>;
  readyPath?: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const origin = `http://127.0.0.1:${port}`;
  const settings: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    PORT: String(port),
    HOST: "127.0.0.1",
    APP_URL: origin,
  };
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete settings[name];
    else settings[name] = value;
  }
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, "--import", "tsx", "apps/server/src/main.ts"],
    {
      cwd: ROOT,
      env: settings,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in ${timeoutMs} ms:\n${output}`);
    const ready = await fetch(`${origin}${readyPath}`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { child, origin, output: () => output, exited };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
