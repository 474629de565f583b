import Fastify from "fastify";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config";
import { connectDatabase } from "../db/client";
import { createJobQueue } from "../db/job-queue";
import { createSilentLiveHub } from "../realtime/live-hub";
import { defineModule, startModules, stopModules, type AppContext, type AppModule } from "./module";

/** The app's logger as buildApp makes it, its JSON lines kept for the test to read. */
function recordedLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n").filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: Fastify({ logger: { level: "info", stream } }).log, lines };
}

// A pool that never connects: the modules below use only the logger.
const database = connectDatabase("postgres://127.0.0.1:1/none", 1);
afterAll(() => database.close());

function contextWith(log: AppContext["log"]): AppContext {
  return {
    config: loadConfig({ NODE_ENV: "test", APP_URL: "http://localhost:3000", WEB_DIST_DIR: "/nonexistent" }),
    db: database.db,
    mailer: { send: async () => {} },
    authSecret: "secret",
    authRateLimits: loadConfig({ NODE_ENV: "test" }).authRateLimits,
    liveHub: createSilentLiveHub(),
    jobs: createJobQueue({ pool: database.pool }),
    log,
    now: Date.now,
  };
}

/** A module whose start and stop write to `events`, with its service and its logger. */
function recordingModule(name: string, events: string[], options: { failStop?: boolean } = {}): AppModule {
  return defineModule({
    name,
    prefix: `/api/${name}`,
    createService: ({ log }) => ({ name, log }),
    routes: async () => {},
    start: (service, context) => {
      events.push(`start ${service.name}`);
      context.log.info("started");
    },
    stop: async (service) => {
      events.push(`stop ${service.name}`);
      if (options.failStop) throw new Error(`${service.name} is stuck`);
    },
  });
}

describe("the modules' background work (defineModule start and stop)", () => {
  it("starts in the registry's order and stops in the reverse order, each with its own service", async () => {
    const { log, lines } = recordedLogger();
    const events: string[] = [];
    const context = contextWith(log);
    const modules = await Promise.all(
      ["first", "second", "third"].map((name) => recordingModule(name, events).instantiate(context)),
    );
    expect(events).toEqual([]);

    await startModules(modules);
    expect(events).toEqual(["start first", "start second", "start third"]);
    await stopModules(modules, log);
    expect(events.slice(3)).toEqual(["stop third", "stop second", "stop first"]);
    // Each module logs through its own child of the app's logger.
    expect(lines.filter((line) => line.msg === "started").map((line) => line.module)).toEqual([
      "first",
      "second",
      "third",
    ]);
  });

  it("still stops the others when one fails to stop, and logs that one as an error", async () => {
    const { log, lines } = recordedLogger();
    const events: string[] = [];
    const context = contextWith(log);
    const modules = await Promise.all([
      recordingModule("first", events).instantiate(context),
      recordingModule("stuck", events, { failStop: true }).instantiate(context),
      recordingModule("third", events).instantiate(context),
    ]);
    await stopModules(modules, log);
    expect(events).toEqual(["stop third", "stop stuck", "stop first"]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, module: "stuck", msg: "a module did not stop cleanly" }),
    );
  });

  it("lets a module without background work start and stop as a no-op", async () => {
    const plain = defineModule({
      name: "plain",
      prefix: "/api/plain",
      createService: () => ({}),
      routes: async () => {},
    });
    const instance = await plain.instantiate(contextWith(recordedLogger().log));
    await expect(startModules([instance])).resolves.toBeUndefined();
    await expect(stopModules([instance], recordedLogger().log)).resolves.toBeUndefined();
  });
});

const modulesDir = fileURLToPath(new URL(".", import.meta.url));

function moduleSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return moduleSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The lines of `source` that write with console, so that their lines stay out of the JSON log. */
function consoleUses(source: string): string[] {
  return source.split("\n").filter((line) => /\bconsole\s*\.\s*\w+/.test(line));
}

describe("module sources", () => {
  it("log through the app's logger, never console (JSON lines, errors reported)", () => {
    const offenders = moduleSources(modulesDir).flatMap((file) =>
      consoleUses(readFileSync(file, "utf8")).map(
        (line) => `${path.relative(modulesDir, file)}: ${line.trim()}`,
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("are caught writing with console (the check above sees a probe)", () => {
    expect(consoleUses('const a = 1;\n  console.warn("x");\n')).toEqual(['  console.warn("x");']);
    expect(consoleUses("log.warn(message);\n")).toEqual([]);
  });
});
