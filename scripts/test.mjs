#!/usr/bin/env node
// `npm test`: every check CI runs, in order: lint, typecheck, unit and API tests (Vitest, real
// PostgreSQL), production build, the Playwright journeys in Chromium against the built app, then
// the production image's content (scripts/build-image-content.mjs).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const reports = mkdtempSync(path.join(tmpdir(), "vitrine-test-reports-"));
const vitestReport = path.join(reports, "vitest.json");
const playwrightReport = path.join(reports, "playwright.json");

const steps = [
  { name: "lint", command: "npx", args: ["eslint", ".", "--max-warnings", "0"] },
  { name: "format", command: "npx", args: ["prettier", "--check", "."] },
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  {
    name: "unit and API tests",
    command: "npx",
    args: ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${vitestReport}`],
  },
  { name: "build", command: "npm", args: ["run", "--silent", "build"] },
  {
    name: "end-to-end journeys",
    command: "npx",
    args: ["playwright", "test", "--reporter=list,json"],
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport },
    needs: "build",
  },
  // The Dockerfile's steps without Docker, and the result started in production mode.
  { name: "image content", command: "node", args: ["scripts/build-image-content.mjs"] },
];

const results = new Map();
for (const step of steps) {
  if (step.needs && results.get(step.needs) !== "passed") {
    results.set(step.name, "skipped");
    continue;
  }
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const run = spawnSync(step.command, step.args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...step.env },
  });
  const outcome = run.status === 0 ? "passed" : "failed";
  results.set(step.name, outcome);
  console.log(`=== ${step.name}: ${outcome} in ${((Date.now() - started) / 1000).toFixed(1)} s ===`);
}

function readJson(file) {
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}
const vitest = readJson(vitestReport);
const playwright = readJson(playwrightReport);
const passed = (vitest?.numPassedTests ?? 0) + (playwright?.stats?.expected ?? 0);
const failed = (vitest?.numFailedTests ?? 0) + (playwright?.stats?.unexpected ?? 0);
const skipped = (vitest?.numPendingTests ?? 0) + (playwright?.stats?.skipped ?? 0);

console.log("\nSummary:");
for (const [name, outcome] of results) console.log(`  ${outcome.padEnd(7)} ${name}`);
const failedSteps = [...results.values()].filter((outcome) => outcome !== "passed").length;
console.log(`tests: ${passed} passed, ${failed + failedSteps} failed, ${skipped} skipped`);
// Named again at the very end: a CI log is often read from its tail only.
for (const name of failedTestNames(vitest, playwright)) console.log(`  failed test: ${name}`);
process.exit(failedSteps === 0 ? 0 : 1);

function failedTestNames(vitestReport, playwrightReport) {
  const names = [];
  for (const file of vitestReport?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed") {
        const message = (test.failureMessages?.[0] ?? "").split("\n")[0].slice(0, 200);
        names.push(`${path.relative(root, file.name)} > ${test.fullName} (${message})`);
      }
    }
  }
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      if (spec.ok === false) names.push(`${file ?? suite.file} > ${spec.title}`);
    }
    for (const child of suite.suites ?? []) visit(child, file ?? suite.file);
  };
  for (const suite of playwrightReport?.suites ?? []) visit(suite);
  return names;
}
