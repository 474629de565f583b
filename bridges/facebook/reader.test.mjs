import { afterEach, describe, expect, it } from "vitest";
import { startFakeGraphApi } from "./fixtures/fake-graph-api.mjs";
import { createCommentWindow } from "./graph.mjs";
import { createFacebookReader } from "./reader.mjs";

const until = async (check, timeoutMs = 3_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const lea = { id: "6123456789012345", name: "Léa Martin" };
const zoe = { id: "7234567890123456", name: "Zoé Petit" };

/** What the reader handed on: the events in order, and its calls as a list. */
function recordingSink() {
  const sink = { events: [], calls: [] };
  sink.comments = (events) => void sink.events.push(...events);
  sink.connected = (gap) => void sink.calls.push(["connected", gap]);
  sink.reconnecting = (reason) => void sink.calls.push(["reconnecting", reason]);
  sink.stopped = (reason) => void sink.calls.push(["stopped", reason]);
  return sink;
}

const fakes = [];
const readers = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) await reader.stop();
  for (const fake of fakes.splice(0)) await fake.close();
});

async function setUp(options = {}) {
  const graph = await startFakeGraphApi();
  fakes.push(graph);
  const sink = recordingSink();
  const logs = [];
  const reader = createFacebookReader({
    apiUrl: graph.url,
    videoId: graph.videoId,
    pageToken: graph.state.token,
    sink,
    pollMs: 20,
    backoff: { minMs: 10, maxMs: 40 },
    minuteMs: 50,
    log: (line) => logs.push(line),
    ...options,
  });
  readers.push(reader);
  return { graph, sink, logs, reader };
}

describe("the Facebook reader against a fake Graph API", () => {
  it("reads every page of the live's comments, then polls from a little before the newest second", async () => {
    const { graph, sink, reader } = await setUp();
    const start = Date.UTC(2026, 10, 29, 18, 0, 0);
    for (let i = 0; i < 250; i++)
      graph.comment({ from: i % 2 ? lea : zoe, message: `n°${i}`, atMs: start + i * 100 });
    reader.start();
    await until(() => sink.events.length === 250);
    expect(sink.events.map((event) => event.comment)).toEqual(
      Array.from({ length: 250 }, (_, i) => `n°${i}`),
    );
    expect(sink.calls[0]).toEqual(["connected", null]);
    // The first poll: no `since`, three pages of 100 followed by their `after` cursor.
    await until(() => graph.commentRequests().length > 3);
    const [first, second, third, next] = graph.commentRequests();
    expect(first.query).toMatchObject({ live_filter: "no_filter", order: "chronological", limit: "100" });
    expect(first.query.since).toBeUndefined();
    expect(second.query.after).toBeTruthy();
    expect(third.query.after).not.toBe(second.query.after);
    // The newest comment was written at 18:00:24.9: polls go on from 10 s before its second.
    expect(next.query).toMatchObject({ since: String(start / 1000 + 24 - 10) });
    expect(next.query.after).toBeUndefined();
    expect(new Set(sink.events.map((event) => event.msgId)).size).toBe(250);
  });

  it("hands on comments of one second written across polls once each, in Facebook's order", async () => {
    const { graph, sink, reader } = await setUp();
    const second = Date.UTC(2026, 10, 29, 18, 4, 11);
    graph.comment({ from: lea, message: "je prends le 12", atMs: second });
    reader.start();
    await until(() => sink.events.length === 1);
    const polls = graph.commentRequests().length;
    // Written after that poll, in the same second: Facebook lists them after Léa's.
    graph.comment({ from: zoe, message: "12 pour moi", atMs: second + 400 });
    graph.comment({ from: lea, message: "et le 13", atMs: second + 900 });
    await until(() => sink.events.length === 3);
    await until(() => graph.commentRequests().length > polls + 3);
    expect(sink.events.map((event) => [event.uniqueId, event.comment])).toEqual([
      [lea.id, "je prends le 12"],
      [zoe.id, "12 pour moi"],
      [lea.id, "et le 13"],
    ]);
    // Same createTime for the three: the time is evidence, the server ranks by receipt.
    expect(new Set(sink.events.map((event) => event.createTime))).toEqual(new Set([second]));
    expect(reader.stats.repeated).toBeGreaterThan(3);
  });

  it("slows down while the usage header is above 75 %, and goes back to its pace below", async () => {
    const { graph, logs, reader } = await setUp({ pollMs: 20 });
    const usage = (percent) => ({
      call_count: percent,
      total_cputime: 10,
      total_time: 10,
      estimated_time_to_regain_access: 0,
    });
    graph.state.usage = usage(95);
    reader.start();
    await new Promise((resolve) => setTimeout(resolve, 700));
    // At 95 % a poll waits 16 × 20 ms: three or so in 700 ms, where 20 ms would allow about 30.
    const slowed = graph.commentRequests().length;
    expect(slowed).toBeLessThanOrEqual(4);
    expect(logs).toContain("Appels Facebook à 95 % de la limite : relevé toutes les 0,3 s");
    graph.state.usage = usage(30);
    const back = Date.now();
    await until(() => graph.commentRequests().length >= slowed + 8);
    // Eight polls at the slowed pace would have taken 2.5 s.
    expect(Date.now() - back).toBeLessThan(1_500);
    expect(logs).toContain("Appels Facebook à 30 % de la limite : relevé toutes les 0 s de nouveau");
  });

  it("waits the time Facebook names when a rate limit answers, says so in French, then reads on", async () => {
    const { graph, sink, logs, reader } = await setUp({ minuteMs: 150 });
    graph.comment({ from: lea, message: "avant", atMs: Date.now() });
    graph.state.regainMinutes = 3;
    graph.state.failures.push("rate-limit");
    reader.start();
    await until(() => logs.includes("Limite d'appels Facebook atteinte : reprise dans 3 min"));
    expect(sink.calls).toEqual([["reconnecting", "Limite d'appels Facebook atteinte : reprise dans 3 min"]]);
    const asked = graph.state.requests.length;
    // 3 "minutes" of 150 ms: nothing asked meanwhile.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(graph.state.requests.length).toBe(asked);
    await until(() => sink.events.length === 1);
    expect(sink.calls[1]?.[0]).toBe("connected");
    expect(reader.stats.rateLimited).toBe(1);
  });

  it("stops for good with a French message when the token is refused", async () => {
    const { graph, sink, logs, reader } = await setUp();
    graph.state.token = "a-new-token";
    reader.start();
    await until(() => reader.stopped && sink.calls.length === 1);
    expect(sink.calls).toEqual([["stopped", "token"]]);
    expect(logs.at(-1)).toMatch(
      /^Facebook refuse le jeton de la Page \(code 190\) : Error validating access token/,
    );
    const asked = graph.state.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(graph.state.requests.length).toBe(asked);
  });

  it("stops cleanly on an unknown live video, and after a last poll once the broadcast is over", async () => {
    const unknown = await setUp({ videoId: "999" });
    unknown.reader.start();
    await until(() => unknown.sink.calls.length === 1);
    expect(unknown.sink.calls).toEqual([["stopped", "gone"]]);
    expect(unknown.logs.at(-1)).toContain("La vidéo en direct 999 est introuvable sur Facebook");

    const { graph, sink, logs, reader } = await setUp({ statusEveryMs: 30 });
    reader.start();
    await until(() => sink.calls.length === 1);
    graph.state.status = "VOD";
    graph.comment({ from: zoe, message: "dernier", atMs: Date.now() });
    await until(() => reader.stopped);
    expect(sink.events.map((event) => event.comment)).toEqual(["dernier"]);
    expect(sink.calls.at(-1)).toEqual(["stopped", "ended"]);
    expect(logs.at(-1)).toBe("Le live est terminé sur Facebook : dernier relevé fait, pont arrêté");
  });

  it("retries with backoff while Facebook is down, and reports the cut once it answers again", async () => {
    const { graph, sink, reader } = await setUp({
      commentWindow: createCommentWindow({ overlapSeconds: 10 }),
    });
    graph.comment({ from: lea, message: "avant", atMs: Date.now() });
    reader.start();
    await until(() => sink.events.length === 1);
    graph.state.failures.push("down", "drop", "down");
    graph.comment({ from: zoe, message: "pendant", atMs: Date.now() });
    await until(() => sink.calls.filter(([call]) => call === "connected").length === 2);
    expect(sink.calls.filter(([call]) => call === "reconnecting").length).toBeGreaterThanOrEqual(2);
    const [, cut] = sink.calls.at(-1);
    expect(cut.to).toBeGreaterThanOrEqual(cut.from);
    // The poll after the cut listed "avant" again (within the overlap): told, not handed on.
    expect(cut.repeated.map((event) => event.comment)).toEqual(["avant"]);
    expect(sink.events.map((event) => event.comment)).toEqual(["avant", "pendant"]);
  });
});
