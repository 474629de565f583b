import { describe, expect, it } from "vitest";
import { readLiveComment } from "../../packages/domain/src/live-claims";
import { readingOpinion } from "../../apps/server/src/modules/live-claims/index";
import { liveIngestEventSchema, viewerKey } from "../../packages/domain/src/index";
import { createCommentStream, DOUBT_TEMPLATES } from "./comment-stream.mjs";
import { DEMO_LIVE_INGEST_TOKEN } from "./ingest-client.mjs";
import { commentsDue, readSimulatorArgs } from "./simulate.mjs";

/** How the server's engine reads a comment: the rules and the second opinion it learns at start. */
const engineReads = (comment) => readLiveComment(comment, [], readingOpinion());

describe("live:simulate's command line", () => {
  it("targets the server the settings describe when --url is not given", () => {
    const live = ["--live", "nouveautes"];
    expect(readSimulatorArgs(live, {}).options?.url).toBe("http://localhost:3000");
    expect(readSimulatorArgs(live, { PORT: "3400" }).options?.url).toBe("http://localhost:3400");
    expect(
      readSimulatorArgs(live, { PORT: "3400", APP_URL: "https://boutique.example.fr" }).options?.url,
    ).toBe("https://boutique.example.fr");
    expect(
      readSimulatorArgs(live, { APP_URL: "https://boutique.example.fr", VITRINE_URL: "http://127.0.0.1:9" })
        .options?.url,
    ).toBe("http://127.0.0.1:9");
    expect(
      readSimulatorArgs([...live, "--url", "http://10.0.0.2:3000"], { APP_URL: "https://b.example.fr" })
        .options?.url,
    ).toBe("http://10.0.0.2:3000");
  });

  it("answers --help and -h with the usage, not an error", () => {
    expect(readSimulatorArgs(["--help"], {})).toEqual({ help: true });
    expect(readSimulatorArgs(["-h"], {})).toEqual({ help: true });
  });

  it("reads every option, with the defaults the usage promises", () => {
    expect(readSimulatorArgs(["--live", "nouveautes"], {}).options).toEqual({
      url: "http://localhost:3000",
      token: DEMO_LIVE_INGEST_TOKEN,
      liveRef: "nouveautes",
      rate: 5,
      durationSeconds: Infinity,
      viewers: 200,
      seed: 1,
      platforms: ["tiktok"],
    });
    expect(
      readSimulatorArgs(
        [
          "--live",
          "x",
          "--rate",
          "2.5",
          "--duration",
          "30",
          "--viewers",
          "10",
          "--seed",
          "7",
          "--token",
          "t",
        ],
        { LIVE_INGEST_TOKEN: "ignored" },
      ).options,
    ).toMatchObject({ liveRef: "x", rate: 2.5, durationSeconds: 30, viewers: 10, seed: 7, token: "t" });
    expect(readSimulatorArgs(["--live", "x"], { LIVE_INGEST_TOKEN: "from-env" }).options?.token).toBe(
      "from-env",
    );
  });

  it.each([
    [[], "--live <ref> is required"],
    [["--live", "x", "--rate", "vite"], '--rate must be a positive number, not "vite"'],
    [["--live", "x", "--rate", "0"], '--rate must be a positive number, not "0"'],
    [["--live", "x", "--duration", "0"], "--duration must be a positive number of seconds"],
    [["--live", "x", "--viewers", "1.5"], "--viewers must be a positive whole number"],
    [["--live", "x", "--url", "localhost"], "--url must be an address such as http://localhost:3000"],
    [["--live", "x", "--bogus"], "Unknown option '--bogus'"],
    [["--live", "x", "--platforms", "tiktok,twitch"], "--platforms must list some of tiktok, youtube"],
  ])("refuses %j with a message instead of a stack trace", (args, message) => {
    const read = readSimulatorArgs(args, {});
    expect(read.options).toBeUndefined();
    expect(read.error).toContain(message);
  });
});

describe("live:simulate's claim mix and bursts", () => {
  it("reads --claims, --refs and the three burst options together", () => {
    const read = readSimulatorArgs(
      [
        "--live",
        "x",
        "--claims",
        "0.3",
        "--refs",
        "1-3,7,10-11",
        "--burst-rate",
        "2000",
        "--burst-every",
        "30",
        "--burst-seconds",
        "2",
      ],
      {},
    );
    expect(read.options).toMatchObject({
      claimShare: 0.3,
      refs: [1, 2, 3, 7, 10, 11],
      burst: { rate: 2000, every: 30, seconds: 2 },
    });
    expect(
      readSimulatorArgs(["--live", "x", "--refs", "live"], { DATABASE_URL: "postgres://h/db" }).options?.refs,
    ).toBe("live");
  });

  it.each([
    [["--claims", "1.5"], '--claims must be a share between 0 and 1, not "1.5"'],
    [["--claims", "beaucoup"], "--claims must be a share between 0 and 1"],
    [["--refs", "12-3"], '--refs must be references such as 1-60 or 1-10,15, not "12-3"'],
    [["--refs", "a-b"], "--refs must be references"],
    [["--refs", "live"], "--refs live reads the live's products: set DATABASE_URL"],
    [["--burst-rate", "2000"], "--burst-rate, --burst-every and --burst-seconds go together"],
    [
      ["--burst-rate", "2000", "--burst-every", "10", "--burst-seconds", "20"],
      "--burst-seconds must be positive and at most --burst-every",
    ],
    [
      ["--burst-rate", "0", "--burst-every", "10", "--burst-seconds", "2"],
      "--burst-rate must be a positive number",
    ],
  ])("refuses %j", (args, message) => {
    const read = readSimulatorArgs(["--live", "x", ...args], {});
    expect(read.options).toBeUndefined();
    expect(read.error).toContain(message);
  });

  it("offers the base rate between bursts and the burst rate during them", () => {
    const burst = { rate: 2000, every: 30, seconds: 2 };
    expect(commentsDue(10, 200, burst)).toBe(2000);
    expect(commentsDue(30, 200, burst)).toBe(6000);
    expect(commentsDue(31, 200, burst)).toBe(6000 + 2000);
    expect(commentsDue(32, 200, burst)).toBe(6000 + 4000);
    expect(commentsDue(40, 200, burst)).toBe(6000 + 4000 + 8 * 200);
    // Second burst: 60 s in, after 58 s at 200/s and 2 s at 2,000/s.
    expect(commentsDue(62, 200, burst)).toBe(58 * 200 + 2 * 2000 + 2 * 2000);
    expect(commentsDue(62, 200)).toBe(62 * 200);
  });

  it("keeps the original stream when no claim mix is asked for", () => {
    const stream = createCommentStream({ seed: 3, runId: "same" });
    const again = createCommentStream({ seed: 3, runId: "same", claimShare: null });
    for (let i = 0; i < 200; i++) {
      const event = stream.chat();
      expect(again.chat().comment).toBe(event.comment);
      expect(stream.intentOf(event)).toBe("other");
    }
  });

  it.each(DOUBT_TEMPLATES.map((template) => [template.write(12), template]))(
    "writes %j as a doubt the server's reader reads as one",
    (_, template) => {
      for (const ref of [1, 7, 12, 23, 42, 60, 999]) {
        expect(engineReads(template.write(ref))).toEqual({
          claims: [],
          doubts: [{ ref, size: null, color: null, reason: template.reason }],
          unclaims: [],
        });
      }
    },
  );

  it("makes that share of comments claims, doubts and un-claims of the given references, read as such by the domain", () => {
    const refs = [4, 8, 15, 16, 23, 42];
    const stream = createCommentStream({ seed: 5, runId: "mix", refs, claimShare: 0.3 });
    const counts = { claim: 0, unclaim: 0, doubt: 0, other: 0 };
    const misread = [];
    for (let i = 0; i < 5_000; i++) {
      const event = stream.chat();
      const intent = stream.intentOf(event);
      counts[intent] += 1;
      const reading = engineReads(event.comment ?? "");
      const kind =
        reading.claims.length > 0
          ? "claim"
          : reading.unclaims.length > 0
            ? "unclaim"
            : reading.doubts.length > 0
              ? "doubt"
              : "other";
      if (kind !== intent) misread.push(`${event.comment} -> ${kind}`);
      // A claim or an un-claim is never also doubtful, and a doubt is one piece only.
      if (intent !== "doubt") expect(reading.doubts).toEqual([]);
      else expect(reading.doubts).toHaveLength(1);
      const read = [
        ...reading.claims.map((piece) => piece.ref),
        ...reading.doubts.map((piece) => piece.ref),
        ...reading.unclaims,
      ];
      for (const ref of read) expect(refs).toContain(ref);
    }
    expect(misread.slice(0, 10)).toEqual([]);
    const claimComments = counts.claim + counts.unclaim + counts.doubt;
    expect(claimComments / 5_000).toBeCloseTo(0.3, 1);
    // About 5 % of the claim comments are doubtful: 75 of 1,500, give or take the draw.
    expect(counts.doubt / claimComments).toBeGreaterThan(0.03);
    expect(counts.doubt / claimComments).toBeLessThan(0.07);
    expect(counts.unclaim / claimComments).toBeGreaterThan(0.15);
    expect(counts.unclaim / claimComments).toBeLessThan(0.35);
  });

  it("writes the same doubts for the same seed", () => {
    const doubts = (seed) => {
      const stream = createCommentStream({ seed, runId: "same", refs: [1, 2, 3], claimShare: 0.5 });
      return Array.from({ length: 2_000 }, () => stream.chat())
        .filter((event) => stream.intentOf(event) === "doubt")
        .map((event) => `${event.uniqueId}: ${event.comment}`);
    };
    expect(doubts(8).length).toBeGreaterThan(0);
    expect(doubts(8)).toEqual(doubts(8));
    expect(doubts(9)).not.toEqual(doubts(8));
  });

  it("spreads the viewers over the platforms asked for, each comment in its platform's shape", () => {
    expect(
      readSimulatorArgs(["--live", "x", "--platforms", "tiktok, youtube,facebook"], {}).options?.platforms,
    ).toEqual(["tiktok", "youtube", "facebook"]);
    const stream = createCommentStream({
      seed: 4,
      runId: "plat",
      viewers: 30,
      claimShare: 0.3,
      platforms: ["tiktok", "youtube", "facebook"],
    });
    expect(stream.viewers.map((viewer) => viewer.platform).slice(0, 6)).toEqual([
      "tiktok",
      "youtube",
      "facebook",
      "tiktok",
      "youtube",
      "facebook",
    ]);
    const seen = { tiktok: 0, youtube: 0, facebook: 0 };
    const msgIds = new Set();
    const keys = new Set();
    for (let i = 0; i < 3_000; i++) {
      const event = stream.next();
      // Every event is one the ingestion API takes.
      expect(liveIngestEventSchema.safeParse(event).success).toBe(true);
      const platform = event.platform ?? "tiktok";
      seen[platform] += 1;
      msgIds.add(`${platform}\n${event.msgId}`);
      keys.add(viewerKey(platform, event.uniqueId));
      if (platform === "youtube") {
        expect(event.uniqueId).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
        expect(event.payload).toMatchObject({ kind: "youtube#liveChatMessage", id: event.msgId });
      } else if (platform === "facebook") {
        expect(event.uniqueId).toMatch(/^\d+$/);
        expect(event.msgId).toMatch(/^\d+_\d+$/);
        expect(event.createTime % 1000).toBe(0);
      }
      if (platform !== "tiktok") {
        // The other platforms' bridges send comments only, without a TikTok id.
        expect(event.type).toBe("chat");
        expect(event.tiktokUserId).toBeNull();
      }
    }
    expect(msgIds.size).toBe(3_000);
    expect(keys.size).toBe(30);
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(600);
  });
});
