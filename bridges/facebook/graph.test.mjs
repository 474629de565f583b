import { LIVE_INGEST_MAX_EVENT_BYTES } from "@vitrine/domain";
import { describe, expect, it } from "vitest";
import {
  MAX_EVENT_BYTES,
  SLOWEST_POLL_MS,
  classifyGraphError,
  commentsUrl,
  createCommentWindow,
  createdTimeMs,
  rateLimitText,
  readUsage,
  toIngestEvent,
  usageDelay,
  withoutToken,
} from "./graph.mjs";
import { GRAPH_FIXTURES, facebookTime } from "./fixtures/fake-graph-api.mjs";

const [lea, zoe] = GRAPH_FIXTURES.commentsPage.data;

describe("toIngestEvent with a comment as the Graph API lists it", () => {
  it("maps the comment's id, author and text, keeps its time as evidence and the raw comment", () => {
    expect(toIngestEvent(lea)).toEqual({
      platform: "facebook",
      type: "chat",
      msgId: "122105934512345678_987654321012345",
      createTime: Date.UTC(2026, 10, 29, 18, 4, 11),
      tiktokUserId: null,
      uniqueId: "6123456789012345",
      nickname: "Léa Martin",
      avatarUrl: null,
      comment: "je prends le 12 en M",
      payload: lea,
    });
    // Same second, another comment: its own id, the same time.
    expect(toIngestEvent(zoe)).toMatchObject({
      msgId: zoe.id,
      createTime: Date.UTC(2026, 10, 29, 18, 4, 11),
    });
  });

  it("reads Facebook's offsets without a colon", () => {
    expect(createdTimeMs("2026-11-29T18:04:11+0000")).toBe(Date.UTC(2026, 10, 29, 18, 4, 11));
    expect(createdTimeMs("2026-11-29T19:04:11+0100")).toBe(Date.UTC(2026, 10, 29, 18, 4, 11));
    expect(createdTimeMs("hier")).toBeNull();
  });

  it("skips a comment Facebook gives without its author: a claim needs a viewer", () => {
    const { from: _from, ...anonymous } = lea;
    expect(toIngestEvent(anonymous)).toBeNull();
    expect(toIngestEvent(null)).toBeNull();
  });

  it("keeps an event within the contract's largest size, the text cut without breaking an emoji", () => {
    expect(MAX_EVENT_BYTES).toBe(LIVE_INGEST_MAX_EVENT_BYTES);
    const long = { ...lea, message: `${"a".repeat(999)}🌸${"é".repeat(8_000)}` };
    const event = toIngestEvent(long);
    expect(event?.comment).toBe("a".repeat(999));
    expect(event?.payload).toEqual({ truncated: true, id: lea.id });
    expect(Buffer.byteLength(JSON.stringify(event))).toBeLessThanOrEqual(MAX_EVENT_BYTES);
  });
});

describe("the Graph API's addresses", () => {
  it("asks for every comment, oldest first, with the fields the bridge reads, from `since`", () => {
    const url = new URL(
      commentsUrl({
        apiUrl: "https://graph.facebook.com/v21.0/",
        videoId: "42",
        token: "EAA",
        since: 1_800_000_000,
      }),
    );
    expect(url.pathname).toBe("/v21.0/42/comments");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      live_filter: "no_filter",
      order: "chronological",
      fields: "id,from{id,name},message,created_time",
      limit: "100",
      since: "1800000000",
      access_token: "EAA",
    });
    expect(withoutToken(url.href)).not.toContain("EAA");
  });
});

describe("the usage headers", () => {
  it("reads the Business Use Case header's highest share and the minutes to regain access", () => {
    expect(readUsage(JSON.stringify(GRAPH_FIXTURES.usage), null)).toEqual({ percent: 28, regainMinutes: 0 });
    const two = {
      a: [
        {
          type: "pages",
          call_count: 10,
          total_cputime: 81,
          total_time: 5,
          estimated_time_to_regain_access: 0,
        },
      ],
      b: [
        {
          type: "pages",
          call_count: 100,
          total_cputime: 2,
          total_time: 3,
          estimated_time_to_regain_access: 7,
        },
      ],
    };
    expect(readUsage(JSON.stringify(two), null)).toEqual({ percent: 100, regainMinutes: 7 });
    expect(readUsage(null, JSON.stringify({ call_count: 12, total_cputime: 3, total_time: 4 }))).toEqual({
      percent: 12,
      regainMinutes: 0,
    });
    expect(readUsage(null, null)).toBeNull();
    expect(readUsage("{not json", null)).toBeNull();
  });

  it("slows polling above 75 %, doubling every five points, up to a minute", () => {
    expect(usageDelay(2_000, null)).toBe(2_000);
    expect(usageDelay(2_000, { percent: 75, regainMinutes: 0 })).toBe(2_000);
    expect(usageDelay(2_000, { percent: 80, regainMinutes: 0 })).toBe(4_000);
    expect(usageDelay(2_000, { percent: 90, regainMinutes: 0 })).toBe(16_000);
    expect(usageDelay(2_000, { percent: 100, regainMinutes: 0 })).toBe(SLOWEST_POLL_MS);
  });

  it("says in French when Facebook makes the bridge wait", () => {
    expect(rateLimitText(7)).toBe("Limite d'appels Facebook atteinte : reprise dans 7 min");
  });
});

describe("classifyGraphError", () => {
  it("sorts Facebook's errors by what the bridge does", () => {
    expect(classifyGraphError(400, GRAPH_FIXTURES.tokenExpired)).toMatchObject({ kind: "token", code: 190 });
    expect(classifyGraphError(401, { error: { code: 190, message: "x" } }).kind).toBe("token");
    expect(classifyGraphError(400, GRAPH_FIXTURES.unknownObject)).toMatchObject({ kind: "gone", code: 100 });
    expect(classifyGraphError(400, GRAPH_FIXTURES.pageRateLimit)).toMatchObject({
      kind: "rate-limit",
      code: 80001,
    });
    for (const code of [4, 17, 32, 613]) {
      expect(classifyGraphError(403, { error: { code, message: "limit" } }).kind).toBe("rate-limit");
    }
    expect(classifyGraphError(500, GRAPH_FIXTURES.transient).kind).toBe("transient");
    expect(classifyGraphError(502, null)).toMatchObject({ kind: "transient", message: "HTTP 502" });
    expect(classifyGraphError(400, { error: { code: 10, message: "Permission denied" } }).kind).toBe(
      "refused",
    );
  });
});

describe("createCommentWindow", () => {
  const at = (id, second, message = id) => ({
    id,
    from: { id: "1", name: "Léa" },
    message,
    created_time: facebookTime(Date.UTC(2026, 10, 29, 18, 0, second)),
  });

  it("asks again from before the newest second, and hands each comment on once, in the order given", () => {
    const window = createCommentWindow({ overlapSeconds: 5, rememberSeconds: 30 });
    expect(window.since()).toBeUndefined();
    expect(window.take([at("a", 10), at("b", 10)]).fresh.map((c) => c.id)).toEqual(["a", "b"]);
    expect(window.since()).toBe(Date.UTC(2026, 10, 29, 18, 0, 5) / 1000);
    // The next poll lists the same second again, with a comment written in it since.
    const next = window.take([at("a", 10), at("b", 10), at("c", 10), at("d", 11)]);
    expect(next.fresh.map((c) => c.id)).toEqual(["c", "d"]);
    expect(next.repeated).toBe(2);
    // Facebook's order stands, even when its times disagree.
    expect(window.take([at("f", 12), at("e", 11)]).fresh.map((c) => c.id)).toEqual(["f", "e"]);
  });

  it("forgets ids older than it will ever ask for again", () => {
    const window = createCommentWindow({ overlapSeconds: 5, rememberSeconds: 30 });
    window.take([at("old", 0), at("x", 20)]);
    expect(window.remembered).toBe(2);
    window.take([at("new", 40)]);
    expect(window.remembered).toBe(2);
    expect(() => createCommentWindow({ overlapSeconds: 10, rememberSeconds: 10 })).toThrow();
  });
});
