/**
 * The faults `live:soak --faults` injects and what it measures around them: the TikTok bridge run
 * as its own process on a connector that plays the soak's stream (soak-connector.mjs), the
 * comments it received compared with what the server stored, the cuts it reported compared with
 * those injected, and the sidebar's comment-to-screen time read from the staff's live feed.
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When each fault happens, in seconds into a run of `seconds`: three cuts of the bridge's
 * connection, the bridge killed, one server instance killed, the database stopped; spread so
 * that none overlaps another and each has a minute of calm after it.
 */
export function faultPlan(seconds, { cutSeconds = 20, databaseSeconds = 30 } = {}) {
  const at = (share) => Math.round(seconds * share);
  return {
    cuts: [0.15, 0.4, 0.8].map((share) => ({ at: at(share), seconds: cutSeconds })),
    bridgeKill: at(0.28),
    instanceKill: at(0.52),
    databaseStop: { at: at(0.64), seconds: databaseSeconds },
  };
}

/** The bridge (bridges/tiktok/run.mjs) on the soak's connector, as a process of its own. */
export function startBridge({ origin, liveRef, token, spoolDir, setAside, connectorPlan, logFile }) {
  const out = createWriteStream(logFile, { flags: "a" });
  const child = spawn(
    process.execPath,
    [
      path.join(root, "bridges/tiktok/run.mjs"),
      "--live",
      liveRef,
      "--user",
      "soak",
      "--url",
      origin,
      "--token",
      token,
      "--spool",
      spoolDir,
      "--set-aside",
      setAside,
      "--connector",
      path.join(here, "soak-connector.mjs"),
    ],
    {
      cwd: root,
      env: { ...process.env, VITRINE_SOAK_CONNECTOR: JSON.stringify(connectorPlan) },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    child,
    kill() {
      child.kill("SIGKILL");
      return exited;
    },
    /** Ctrl-C: the bridge sends what it holds, then stops (10 s at most, then what is left stays spooled). */
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      await Promise.race([exited, sleep(20_000).then(() => child.kill("SIGKILL"))]);
    },
  };
}

/** The message ids the connector handed to the bridge, over every bridge process of the run. */
export function readHanded(file) {
  if (!existsSync(file)) return new Set();
  return new Set(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== ""),
  );
}

/** What the bridge received and the server did not store. */
export async function lostComments(db, liveId, handed) {
  const { rows } = await db.query(
    `SELECT msg_id FROM tiktok_events WHERE live_id = $1 AND platform = 'tiktok' AND msg_id = ANY($2::text[])`,
    [liveId, [...handed]],
  );
  const stored = new Set(rows.map((row) => row.msg_id));
  return [...handed].filter((msgId) => !stored.has(msgId));
}

/**
 * The cuts the bridge reported against those injected: each injected cut must have exactly one
 * reported gap starting within `slackMs` of it, and no other gap may be reported.
 */
export async function compareGaps(db, liveId, startAt, cuts, slackMs = 1000) {
  const { rows } = await db.query(
    `SELECT source, started_at, ended_at, resent FROM live_source_gaps WHERE live_id = $1 ORDER BY started_at`,
    [liveId],
  );
  const matched = cuts.map((cut) => {
    const injectedAt = startAt + cut.at * 1000;
    const gap = rows.find((row) => Math.abs(row.started_at.getTime() - injectedAt) <= slackMs);
    return {
      injectedAt,
      seconds: cut.seconds,
      gap: gap
        ? {
            offsetMs: gap.started_at.getTime() - injectedAt,
            lastedSeconds: (gap.ended_at.getTime() - gap.started_at.getTime()) / 1000,
            resent: gap.resent,
          }
        : null,
    };
  });
  return { reported: rows.length, matched, ok: rows.length === cuts.length && matched.every((m) => m.gap) };
}

/**
 * The staff's live feed (the sidebar's stream) on one instance: each chat comment's time from its
 * platform time (when the connector or the simulator made it, on this machine's clock) to its
 * arrival here. Reconnects after the last seq seen when the stream drops (a stopped database).
 */
export function startFeedMeter({ origin, cookie, liveId }) {
  const samples = [];
  let lastSeq = null;
  let stopped = false;
  let controller = null;
  let reconnects = 0;
  const readStream = async () => {
    controller = new AbortController();
    const query = new URLSearchParams({ liveId, types: "chat" });
    if (lastSeq !== null) query.set("after", String(lastSeq));
    const response = await fetch(`${origin}/api/admin/live-feed/stream?${query}`, {
      headers: { cookie, accept: "text/event-stream" },
      signal: controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`feed stream answered ${response.status}`);
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of response.body) {
      const arrived = Date.now();
      buffer += decoder.decode(chunk, { stream: true });
      let end;
      while ((end = buffer.indexOf("\n\n")) !== -1) {
        const message = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (!message.startsWith("event: live-event")) continue;
        const data = message.split("\n").find((line) => line.startsWith("data: "));
        if (!data) continue;
        const event = JSON.parse(data.slice(6));
        lastSeq = Math.max(lastSeq ?? 0, event.seq);
        samples.push({ at: arrived, ms: arrived - event.createTime });
      }
    }
  };
  const loop = (async () => {
    while (!stopped) {
      await readStream().catch(() => {});
      if (stopped) break;
      reconnects += 1;
      await sleep(500);
    }
  })();
  return {
    samples,
    get reconnects() {
      return reconnects;
    },
    async stop() {
      stopped = true;
      controller?.abort();
      await loop;
    },
  };
}

export function percentile(values, share) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * How long after `from` the comment-to-screen p95 came back to `limitMs`: the start of the first
 * `windowMs` window (sliding by a second) whose p95 is within it and after which every window up
 * to `withinMs` is too; null when it did not within `withinMs`.
 */
export function recoveryAfter(samples, from, { limitMs = 150, windowMs = 10_000, withinMs = 60_000 } = {}) {
  const windows = [];
  for (let start = from; start + windowMs <= from + withinMs + windowMs; start += 1000) {
    const inside = samples.filter((sample) => sample.at >= start && sample.at < start + windowMs);
    windows.push({
      start,
      p95: percentile(
        inside.map((sample) => sample.ms),
        0.95,
      ),
    });
  }
  for (let index = 0; index < windows.length; index += 1) {
    if (windows[index].start > from + withinMs) return null;
    if (windows.slice(index).every((window) => window.p95 !== null && window.p95 <= limitMs)) {
      return { afterSeconds: (windows[index].start - from) / 1000, p95: windows[index].p95 };
    }
  }
  return null;
}
