import { FAKE_VITRINE_TOKEN, startFakeVitrine } from "@vitrine/bridge-kit/fake-vitrine";
import { createIngestClient } from "@vitrine/bridge-kit/ingest-client";
import { MAX_EVENT_BYTES, eventBytes } from "@vitrine/bridge-kit/sender";
import { openSpool, spoolFolder } from "@vitrine/bridge-kit/spool";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createYouTubeApi,
  createYouTubeBridge,
  errorKind,
  pollDelay,
  progressFile,
  quotaDay,
  toIngestEvent,
  YouTubeApiError,
} from "./bridge.mjs";
import {
  FIXTURE_CHAT_ID,
  errorFixture,
  listFixture,
  listPage,
  scriptedChat,
  startFakeYouTube,
  textMessage,
} from "./fixtures/youtube-api.mjs";

const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const until = async (check, timeoutMs = 4_000) => {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const freshFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "vitrine-youtube-"));
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
};

const ok = (body) => ({ status: 200, body });
/** The first answer: the chat's recent history, which the bridge must not send. */
const history = (token = "p1") =>
  ok(
    listPage({
      items: [textMessage({ id: "old-1", text: "je prends le 1" }), textMessage({ id: "old-2", text: "2" })],
      nextPageToken: token,
      pollingIntervalMillis: 10,
    }),
  );
/** A page of text messages `ids` ("je prends le <id>"), pointing to `token`. */
const page = (token, ids, extra = {}) =>
  ok(
    listPage({
      items: ids.map((id) => textMessage({ id, text: `je prends le ${id}` })),
      nextPageToken: token,
      pollingIntervalMillis: 10,
      ...extra,
    }),
  );
const error = (name) => errorFixture(name);

/**
 * A bridge reading the fake YouTube serving `pages`, sending to a fake Vitrine; both closed after
 * the test. The ingestion client does not retry by itself: the sender's own resends are tested.
 */
async function setUp(pages, options = {}, { youtubeAnswer, vitrine: givenVitrine } = {}) {
  const youtube = await startFakeYouTube(youtubeAnswer ?? scriptedChat(pages, { pollingIntervalMillis: 10 }));
  cleanups.push(() => youtube.close());
  const vitrine = givenVitrine ?? (await startFakeVitrine());
  if (!givenVitrine) cleanups.push(() => vitrine.close());
  const logs = [];
  const bridge = createYouTubeBridge({
    api: createYouTubeApi({ apiUrl: youtube.url, apiKey: "test-key" }),
    liveChatId: FIXTURE_CHAT_ID,
    ingest: createIngestClient({
      url: vitrine.url,
      token: FAKE_VITRINE_TOKEN,
      liveRef: "L1",
      maxAttempts: 1,
    }),
    log: (line) => logs.push(line),
    hours: 0.0001,
    // Long enough for a state's report to reach Vitrine before the next one.
    backoff: { minMs: 20, maxMs: 40 },
    quotaBackoff: { minMs: 20, maxMs: 40 },
    flushMs: 5,
    ...options,
  });
  cleanups.push(() => bridge.stop(200));
  return { youtube, vitrine, bridge, logs };
}

describe("toIngestEvent with the documented liveChatMessage shape", () => {
  it("maps a text message to the contract, keyed by the message id, the author's channel as the viewer", () => {
    const [text] = listFixture().items;
    expect(toIngestEvent(text)).toEqual({
      platform: "youtube",
      type: "chat",
      msgId: "LCC.EhwKGkNQLXd3NHpHM0k4REZjTF9YZ1FkQ2pBcWpB",
      createTime: Date.parse("2026-11-29T18:04:12.345Z"),
      tiktokUserId: null,
      uniqueId: "UCx9AbcDefGhIjKlMnOpQrSt",
      nickname: "Léa Martin",
      avatarUrl: "https://yt4.ggpht.example/ytc/lea-martin=s88-c-k-c0x00ffffff-no-rj",
      comment: "je prends le 12 en M",
      payload: text,
    });
  });

  it("sends a Super Chat's own words as a chat comment, and skips messages without a viewer's words", () => {
    const [, superChat, newMember, deleted] = listFixture().items;
    expect(toIngestEvent(superChat)).toMatchObject({
      type: "chat",
      uniqueId: "UCq2WerTyUiOpAsDfGhJkLzX",
      comment: "je prends le 7",
      payload: { snippet: { superChatDetails: { amountMicros: "5000000", currency: "EUR" } } },
    });
    expect(toIngestEvent(newMember)).toBeNull();
    expect(toIngestEvent(deleted)).toBeNull();
  });

  it("keeps an event within the contract's largest one, summarising a raw message too large", () => {
    const message = textMessage({ id: "big", text: "je prends le 3" });
    expect(eventBytes(toIngestEvent(message))).toBeLessThan(2_000);
    message.authorDetails.displayName = `${"é".repeat(199)}🌸`;
    message.snippet.extra = "x".repeat(MAX_EVENT_BYTES);
    const event = toIngestEvent(message);
    expect(event?.payload).toEqual({ truncated: true, type: "textMessageEvent" });
    expect(event?.nickname).toBe("é".repeat(199));
    expect(event?.comment).toBe("je prends le 3");
    expect(eventBytes(event)).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  });
});

describe("pollDelay", () => {
  it("waits what YouTube asks, and never less than the budget allows over the planned length", () => {
    // 100 units over 2 hours: 20 calls, one every 6 minutes.
    expect(pollDelay({ pollingIntervalMillis: 2_000, budget: 100, hours: 2 })).toBe(360_000);
    // The day's 10,000 units over 2 hours: 2,000 calls, one every 3.6 s.
    expect(pollDelay({ pollingIntervalMillis: 2_000, budget: 10_000, hours: 2 })).toBe(3_600);
    expect(pollDelay({ pollingIntervalMillis: 5_000, budget: 10_000, hours: 2 })).toBe(5_000);
    expect(pollDelay({ pollingIntervalMillis: undefined, budget: 10_000, hours: 1 })).toBe(1_800);
  });
});

describe("the quota's day and the errors", () => {
  it("counts the day's units in Pacific time, when Google resets the quota", () => {
    // 23:59 in California on 29 November is 07:59 in UTC on the 30th.
    expect(quotaDay(Date.parse("2026-11-30T07:59:00Z"))).toBe("2026-11-29");
    expect(quotaDay(Date.parse("2026-11-30T08:00:00Z"))).toBe("2026-11-30");
  });

  it("tells what to do from Google's answer", () => {
    const kind = (status, reason) => errorKind(new YouTubeApiError(status, reason, ""));
    expect(kind(403, "quotaExceeded")).toBe("quota");
    expect(kind(403, "rateLimitExceeded")).toBe("rate");
    expect(kind(429, null)).toBe("rate");
    expect(kind(403, "liveChatEnded")).toBe("ended");
    expect(kind(404, "liveChatNotFound")).toBe("ended");
    expect(kind(401, "authError")).toBe("refused");
    expect(kind(403, "forbidden")).toBe("refused");
    expect(kind(400, "badRequest")).toBe("refused");
    expect(kind(503, "backendError")).toBe("down");
    expect(kind(null, "network")).toBe("down");
  });
});

describe("the YouTube bridge against a fake YouTube Data API and a fake Vitrine", () => {
  it("skips the history replayed on connect, then sends each page in order, resuming with its nextPageToken", async () => {
    const { youtube, vitrine, bridge } = await setUp([
      history("p1"),
      page("p2", ["a", "b"]),
      page("p3", ["c"]),
    ]);
    await bridge.start();
    await until(() => vitrine.stored.length === 3 && youtube.listCalls().length >= 4);
    expect(vitrine.stored).toEqual(["a", "b", "c"]);
    const calls = youtube.listCalls();
    expect(calls.slice(0, 4).map((call) => call.params.get("pageToken"))).toEqual([null, "p1", "p2", "p3"]);
    expect(calls[0].params.get("liveChatId")).toBe(FIXTURE_CHAT_ID);
    expect(calls[0].params.get("part")).toBe("snippet,authorDetails");
    expect(calls[0].params.get("maxResults")).toBe("2000");
    expect(calls[0].params.get("key")).toBe("test-key");
    expect(bridge.stats.historySkipped).toBe(2);
    expect(vitrine.events.get("a")).toMatchObject({
      platform: "youtube",
      uniqueId: "UCx9AbcDefGhIjKlMnOpQrSt",
    });
    expect(vitrine.statuses[0]).toMatchObject({ liveRef: "L1", state: "connected", source: "youtube" });
    await bridge.stop();
    expect(vitrine.statuses.at(-1)).toMatchObject({ state: "stopped", source: "youtube" });
  });

  it("finds the live chat from the video with videos.list, and sends an access token as a Bearer", async () => {
    const youtube = await startFakeYouTube(scriptedChat([history("p1"), page("p2", ["v1"])]));
    cleanups.push(() => youtube.close());
    const vitrine = await startFakeVitrine();
    cleanups.push(() => vitrine.close());
    const bridge = createYouTubeBridge({
      api: createYouTubeApi({ apiUrl: youtube.url, accessToken: "ya29.test-token" }),
      videoId: "fAkeVideo01",
      ingest: createIngestClient({ url: vitrine.url, token: FAKE_VITRINE_TOKEN, liveRef: "L1" }),
      hours: 0.0001,
      flushMs: 5,
    });
    cleanups.push(() => bridge.stop(200));
    await bridge.start();
    // The video, the history, the page, then an empty page asking for 2 s of rest.
    await until(() => vitrine.stored.includes("v1") && bridge.quota.calls === 4);
    const [lookup, first] = youtube.calls;
    expect(lookup.path).toBe("/youtube/v3/videos");
    expect(lookup.params.get("part")).toBe("liveStreamingDetails");
    expect(lookup.params.get("id")).toBe("fAkeVideo01");
    expect(first.params.get("liveChatId")).toBe(FIXTURE_CHAT_ID);
    expect(first.headers.authorization).toBe("Bearer ya29.test-token");
    expect(first.params.has("key")).toBe(false);
    await bridge.stop();
    // 1 unit for the video, 5 per list call.
    expect(youtube.listCalls()).toHaveLength(3);
    expect(bridge.quota.spent).toBe(1 + 5 * 3);
  });

  it("honours pollingIntervalMillis between two calls", async () => {
    const slow = (token, ids) =>
      ok(
        listPage({
          items: ids.map((id) => textMessage({ id, text: id })),
          nextPageToken: token,
          pollingIntervalMillis: 150,
        }),
      );
    const { youtube, bridge } = await setUp([slow("p1", []), slow("p2", ["w1"]), slow("p3", ["w2"])]);
    await bridge.start();
    await until(() => youtube.listCalls().length >= 3);
    const [first, second, third] = youtube.listCalls();
    expect(second.at - first.at).toBeGreaterThanOrEqual(145);
    expect(third.at - second.at).toBeGreaterThanOrEqual(145);
  });

  it("counts the quota it spends, warns in French at 90 % of the budget and of the day's quota, and stops at the budget", async () => {
    const { youtube, vitrine, bridge, logs } = await setUp([history("p1"), page("p2", ["q1"])], {
      budget: 50,
      dailyQuota: 40,
    });
    await bridge.start();
    expect(await bridge.finished).toBe("budget");
    expect(youtube.listCalls()).toHaveLength(10);
    expect(bridge.quota).toMatchObject({ spent: 50, spentToday: 50, calls: 10 });
    const warnings = logs.filter((line) => line.startsWith("Quota YouTube presque épuisé"));
    expect(warnings).toEqual([
      "Quota YouTube presque épuisé : 40 unités dépensées aujourd'hui sur les 40 du projet",
      "Quota YouTube presque épuisé : 45 unités dépensées sur les 50 prévues pour ce live",
    ]);
    expect(logs.some((line) => line.startsWith("Budget YouTube épuisé : 50 unités"))).toBe(true);
    expect(vitrine.stored).toEqual(["q1"]);
    expect(vitrine.statuses.at(-1)?.state).toBe("stopped");
  });

  it("backs off on quotaExceeded, says 'Quota YouTube épuisé', and resumes with the same page token", async () => {
    const { youtube, vitrine, bridge, logs } = await setUp([
      history("p1"),
      error("quotaExceeded"),
      error("rateLimitExceeded"),
      page("p2", ["r1"]),
    ]);
    await bridge.start();
    await until(() => vitrine.stored.includes("r1") && vitrine.gaps.length === 1);
    expect(logs.filter((line) => line.startsWith("Quota YouTube épuisé"))).toHaveLength(1);
    expect(
      youtube
        .listCalls()
        .slice(1, 4)
        .map((call) => call.params.get("pageToken")),
    ).toEqual(["p1", "p1", "p1"]);
    expect(vitrine.statuses.map((status) => status.state)).toEqual([
      "connected",
      "reconnecting",
      "connected",
    ]);
    expect(vitrine.gaps[0]).toMatchObject({ liveRef: "L1", source: "youtube", resent: 0 });
    // The refused calls were answered: they count.
    expect(bridge.quota.calls).toBeGreaterThanOrEqual(4);
  });

  it.each(["authError", "keyInvalid", "forbidden"])(
    "stops with a clear French message when YouTube refuses the key or token (%s)",
    async (name) => {
      const { youtube, vitrine, bridge, logs } = await setUp([error(name)]);
      await bridge.start();
      expect(await bridge.finished).toBe("refused");
      expect(youtube.listCalls()).toHaveLength(1);
      expect(logs.some((line) => line.startsWith("YouTube refuse la clé d'API ou le jeton"))).toBe(true);
      expect(vitrine.statuses.at(-1)).toMatchObject({ state: "stopped", source: "youtube" });
    },
  );

  it("reconnects while the API is down, reports the cut, and skips what the resumed page repeats", async () => {
    const { youtube, vitrine, bridge, logs } = await setUp([
      history("p1"),
      page("p2", ["d1"]),
      error("backendError"),
      "drop",
      page("p3", ["d1", "d2"]),
    ]);
    await bridge.start();
    await until(() => vitrine.stored.includes("d2") && vitrine.gaps.length === 1);
    expect(vitrine.stored).toEqual(["d1", "d2"]);
    expect(vitrine.batches.flat().filter((id) => id === "d1")).toHaveLength(1);
    expect(
      youtube
        .listCalls()
        .slice(2, 5)
        .map((call) => call.params.get("pageToken")),
    ).toEqual(["p2", "p2", "p2"]);
    expect(vitrine.statuses.map((status) => status.state)).toEqual([
      "connected",
      "reconnecting",
      "connected",
    ]);
    expect(vitrine.gaps[0]).toMatchObject({ source: "youtube", resent: 1 });
    expect(vitrine.gaps[0].to).toBeGreaterThanOrEqual(vitrine.gaps[0].from);
    expect(logs.filter((line) => line.startsWith("Reconnexion…"))).toHaveLength(2);
    expect(bridge.stats).toMatchObject({ received: 2, duplicates: 1 });
  });

  it.each([
    ["liveChatEnded", [history("p1"), page("p2", ["e1"]), error("liveChatEnded")]],
    ["liveChatNotFound", [history("p1"), page("p2", ["e1"]), error("liveChatNotFound")]],
    ["offlineAt", [history("p1"), page("p2", ["e1"], { offlineAt: "2026-11-29T20:00:00Z" })]],
  ])("stops cleanly when the chat ended (%s), after sending what it had", async (_, pages) => {
    const { vitrine, bridge, logs } = await setUp(pages);
    await bridge.start();
    expect(await bridge.finished).toBe("ended");
    expect(vitrine.stored).toEqual(["e1"]);
    expect(vitrine.statuses.at(-1)?.state).toBe("stopped");
    expect(logs.some((line) => line.startsWith("Le live YouTube est terminé"))).toBe(true);
  });

  it("resends a batch whose acknowledgement was lost, in order; the server keeps each comment once", async () => {
    const vitrine = await startFakeVitrine();
    cleanups.push(() => vitrine.close());
    vitrine.loseAcks = 1;
    const { bridge } = await setUp([history("p1"), page("p2", ["k1", "k2", "k3"])], {}, { vitrine });
    await bridge.start();
    await until(() => vitrine.batches.length >= 2 && bridge.buffered === 0);
    expect(vitrine.batches.slice(0, 2)).toEqual([
      ["k1", "k2", "k3"],
      ["k1", "k2", "k3"],
    ]);
    expect(vitrine.stored).toEqual(["k1", "k2", "k3"]);
    // 'already stored' in its closing line.
    expect(bridge.stats.serverDuplicates).toBe(3);
  });

  it("keeps in its spool what Vitrine did not acknowledge, and a restarted bridge sends it, then resumes with the saved page token", async () => {
    const root = freshFolder();
    const folder = spoolFolder(root, "L1");
    const vitrine = await startFakeVitrine();
    cleanups.push(() => vitrine.close());
    vitrine.up = false;
    const first = await setUp(
      [history("p1"), page("p2", ["s1", "s2", "s3"])],
      {
        spool: openSpool(folder),
        progressPath: progressFile(folder),
      },
      { vitrine },
    );
    await first.bridge.start();
    await until(() => first.bridge.stats.received === 3);
    await first.bridge.stop(50);
    expect(vitrine.stored).toEqual([]);
    expect(JSON.parse(readFileSync(progressFile(folder), "utf8"))).toMatchObject({
      liveChatId: FIXTURE_CHAT_ID,
      pageToken: "p2",
    });
    expect(readdirSync(folder).some((name) => name.startsWith("segment-"))).toBe(true);

    vitrine.up = true;
    // What YouTube holds after p2 comes as the first answer of the restarted bridge: not history.
    const second = await setUp(
      [page("p3", ["s4"])],
      { spool: openSpool(folder), progressPath: progressFile(folder) },
      { vitrine },
    );
    expect(second.bridge.buffered).toBe(3);
    await second.bridge.start();
    await until(() => vitrine.stored.length === 4);
    expect(vitrine.stored).toEqual(["s1", "s2", "s3", "s4"]);
    expect(second.youtube.listCalls()[0].params.get("pageToken")).toBe("p2");
    expect(second.bridge.stats).toMatchObject({ fromSpool: 3, historySkipped: 0 });
    // The units the first run spent are still counted.
    expect(second.bridge.quota.spent).toBeGreaterThan(5 * second.youtube.listCalls().length);
    await second.bridge.stop();
    expect(readdirSync(folder).filter((name) => name.startsWith("segment-"))).toEqual([]);
  });
});
