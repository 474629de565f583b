import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createIngestClient } from "@vitrine/bridge-kit/ingest-client";
import { openSpool, spoolFolder } from "@vitrine/bridge-kit/spool";
import { createFacebookBridge } from "./bridge.mjs";
import { startFakeGraphApi } from "./fixtures/fake-graph-api.mjs";
import { startFakeVitrine } from "./fixtures/fake-vitrine.mjs";

const until = async (check, timeoutMs = 5_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const lea = { id: "6123456789012345", name: "Léa Martin" };
const zoe = { id: "7234567890123456", name: "Zoé Petit" };

const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function fakes() {
  const graph = await startFakeGraphApi();
  const vitrine = await startFakeVitrine();
  cleanups.push(
    () => graph.close(),
    () => vitrine.close(),
  );
  return { graph, vitrine };
}

/** A bridge between the two fakes, quick: polls every 20 ms, resends after 10 ms. */
function bridgeBetween({ graph, vitrine }, options = {}) {
  const logs = [];
  const bridge = createFacebookBridge({
    apiUrl: graph.url,
    videoId: graph.videoId,
    pageToken: graph.state.token,
    // One attempt per request: the sender's own resends are what these tests watch.
    ingest: createIngestClient({ url: vitrine.url, token: vitrine.token, liveRef: "FB1", maxAttempts: 1 }),
    pollMs: 20,
    flushMs: 5,
    backoff: { minMs: 10, maxMs: 40 },
    log: (line) => logs.push(line),
    ...options,
  });
  cleanups.push(() => bridge.stop(200));
  return { bridge, logs };
}

const states = (vitrine) => vitrine.state.statuses.map((status) => status.state);

describe("the Facebook bridge between a fake Graph API and a fake Vitrine", () => {
  it("sends every comment once, in Facebook's order, as the source 'facebook'", async () => {
    const { graph, vitrine } = await fakes();
    const second = Date.UTC(2026, 10, 29, 18, 0, 0);
    for (let i = 0; i < 230; i++)
      graph.comment({ from: i % 3 ? lea : zoe, message: `n°${i}`, atMs: second + i * 10 });
    const { bridge } = bridgeBetween({ graph, vitrine });
    bridge.start();
    await until(() => vitrine.state.stored.length === 230);
    // Written in the same second as the last ones, after the polls that read it.
    graph.comment({ from: zoe, message: "je prends le 12", atMs: second + 2_300 });
    graph.comment({ from: lea, message: "12 pour moi", atMs: second + 2_300 });
    await until(() => vitrine.state.stored.length === 232);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await bridge.stop();
    expect(vitrine.state.stored.map((event) => event.comment)).toEqual([
      ...Array.from({ length: 230 }, (_, i) => `n°${i}`),
      "je prends le 12",
      "12 pour moi",
    ]);
    expect(vitrine.state.stored.every((event) => event.platform === "facebook")).toBe(true);
    expect(vitrine.state.stored.at(-1)).toMatchObject({ uniqueId: lea.id, nickname: lea.name, type: "chat" });
    expect(states(vitrine)).toEqual(["connected", "stopped"]);
    expect(vitrine.state.statuses.every((status) => status.source === "facebook")).toBe(true);
  });

  it("reports 'Reconnexion…' while Facebook is down, then 'Connecté' and the cut, losing nothing", async () => {
    const { graph, vitrine } = await fakes();
    graph.comment({ from: lea, message: "avant", atMs: Date.now() });
    const { bridge } = bridgeBetween({ graph, vitrine });
    bridge.start();
    await until(() => vitrine.state.stored.length === 1);
    graph.state.failures.push("down", "down", "drop", "down");
    graph.comment({ from: zoe, message: "pendant la coupure", atMs: Date.now() });
    await until(() => vitrine.state.gaps.length === 1);
    await until(() => vitrine.state.stored.length === 2);
    expect(states(vitrine)).toEqual(["connected", "reconnecting", "connected"]);
    const [gap] = vitrine.state.gaps;
    expect(gap).toMatchObject({ liveRef: "FB1", source: "facebook", resent: 1 });
    expect(gap.to).toBeGreaterThanOrEqual(gap.from);
    expect(vitrine.state.stored.map((event) => event.comment)).toEqual(["avant", "pendant la coupure"]);
  });

  it("stops with 'Arrêté' and a French message when Facebook refuses the token", async () => {
    const { graph, vitrine } = await fakes();
    const { bridge, logs } = bridgeBetween({ graph, vitrine });
    // The Page's token was renewed: the one the bridge holds is refused.
    graph.state.token = "jeton-renouvelé";
    bridge.start();
    expect(await bridge.done).toBe("token");
    expect(states(vitrine)).toEqual(["stopped"]);
    expect(logs.some((line) => line.startsWith("Facebook refuse le jeton de la Page (code 190)"))).toBe(true);
  });

  it("stores at-least-once deliveries once: an answer lost is sent again, the server keeps one", async () => {
    const { graph, vitrine } = await fakes();
    vitrine.state.loseAnswers = 2;
    for (let i = 0; i < 5; i++) graph.comment({ from: lea, message: `le ${i}`, atMs: Date.now() });
    const { bridge } = bridgeBetween({ graph, vitrine });
    bridge.start();
    await until(() => bridge.sender.stats.acknowledged === 5);
    await bridge.stop();
    expect(vitrine.state.eventRequests).toBeGreaterThanOrEqual(3);
    expect(vitrine.state.stored.map((event) => event.comment)).toEqual([
      "le 0",
      "le 1",
      "le 2",
      "le 3",
      "le 4",
    ]);
    expect(bridge.sender.stats.serverDuplicates).toBe(5);
  });

  it("keeps what Vitrine did not take in its spool across a restart, and sends it first, once", async () => {
    const { graph, vitrine } = await fakes();
    const root = mkdtempSync(path.join(tmpdir(), "vitrine-facebook-spool-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const folder = spoolFolder(root, "FB1");
    vitrine.state.down = true;
    for (let i = 0; i < 4; i++) graph.comment({ from: zoe, message: `avant l'arrêt ${i}`, atMs: Date.now() });
    const first = bridgeBetween({ graph, vitrine }, { spool: openSpool(folder) });
    first.bridge.start();
    await until(() => first.bridge.stats.comments === 4);
    await first.bridge.stop(50);
    expect(vitrine.state.stored).toEqual([]);
    expect(readdirSync(folder).length).toBeGreaterThan(0);

    vitrine.state.down = false;
    graph.comment({ from: lea, message: "après le redémarrage", atMs: Date.now() });
    const second = bridgeBetween({ graph, vitrine }, { spool: openSpool(folder) });
    expect(second.bridge.sender.stats.fromSpool).toBe(4);
    second.bridge.start();
    await until(() => vitrine.state.stored.length === 5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await second.bridge.stop();
    expect(vitrine.state.stored.map((event) => event.comment)).toEqual([
      ...Array.from({ length: 4 }, (_, i) => `avant l'arrêt ${i}`),
      "après le redémarrage",
    ]);
    // The restarted bridge read the live from its start again: what the spool held was skipped.
    expect(second.bridge.sender.stats.duplicates).toBe(4);
    expect(readdirSync(folder)).toEqual([]);
  });

  it("run.mjs killed outright keeps what it read in its own spool folder, and its next run sends it once", async () => {
    const { graph, vitrine } = await fakes();
    const root = mkdtempSync(path.join(tmpdir(), "vitrine-facebook-run-"));
    cleanups.push(() => rmSync(root, { recursive: true, force: true }));
    const run = () => {
      const child = spawn(
        process.execPath,
        [
          fileURLToPath(new URL("./run.mjs", import.meta.url)),
          ...["--live", "FB1", "--video", graph.videoId, "--page-token", graph.state.token],
          ...["--api-url", graph.url, "--url", vitrine.url, "--token", vitrine.token],
          ...["--spool", root, "--set-aside", path.join(root, "set-aside.jsonl"), "--poll-ms", "20"],
        ],
        { stdio: "ignore" },
      );
      cleanups.push(() => void child.kill("SIGKILL"));
      return child;
    };
    const folder = spoolFolder(root, "FB1", "facebook");
    const spooled = () =>
      existsSync(folder)
        ? readdirSync(folder).flatMap((name) =>
            readFileSync(path.join(folder, name), "utf8").split("\n").filter(Boolean),
          )
        : [];
    vitrine.state.down = true;
    for (let i = 0; i < 3; i++) graph.comment({ from: lea, message: `le ${i}`, atMs: Date.now() });
    const first = run();
    await until(() => spooled().length === 3);
    first.kill("SIGKILL");
    await new Promise((resolve) => first.once("exit", resolve));

    vitrine.state.down = false;
    graph.comment({ from: zoe, message: "le 3", atMs: Date.now() });
    const second = run();
    await until(() => vitrine.state.stored.length === 4);
    second.kill("SIGTERM");
    expect(await new Promise((resolve) => second.once("exit", resolve))).toBe(0);
    expect(vitrine.state.stored.map((event) => event.comment)).toEqual(["le 0", "le 1", "le 2", "le 3"]);
    expect(states(vitrine).at(-1)).toBe("stopped");
    expect(spooled()).toEqual([]);
  }, 20_000);
});
