import { describe, expect, it } from "vitest";
import { liveSourceGapRequestSchema, liveSourceStatusRequestSchema } from "./api/live-selling";
import {
  isLiveSilent,
  lastEventAgeText,
  liveSellingMessages,
  liveSilenceText,
  liveSourceStateLabels,
  sourceGapText,
} from "./live-selling";

describe("a live's silence", () => {
  const receivedAt = Date.UTC(2026, 10, 29, 20, 0, 0);
  it("starts once nothing came for the whole delay, only while the live is active", () => {
    const at = (seconds: number, isActive = true) =>
      isLiveSilent({ isActive, sinceMs: receivedAt, nowMs: receivedAt + seconds * 1000, seconds: 30 });
    expect(at(29)).toBe(false);
    expect(at(30)).toBe(true);
    expect(at(31)).toBe(true);
    expect(at(31, false)).toBe(false);
    expect(isLiveSilent({ isActive: true, sinceMs: null, nowMs: receivedAt, seconds: 30 })).toBe(false);
  });

  it("is said in French with its delay", () => {
    expect(liveSilenceText(30)).toBe("Aucun commentaire reçu depuis 30 s : vérifiez le pont TikTok");
  });
});

describe("a source's health in French", () => {
  it("names each state", () => {
    expect(liveSourceStateLabels).toMatchObject({
      connected: "Connecté",
      reconnecting: "Reconnexion…",
      stopped: "Arrêté",
    });
  });

  it("says the age of the last event", () => {
    const then = Date.UTC(2026, 10, 29, 20, 0, 0);
    expect(lastEventAgeText(then, then + 12_400)).toBe("Dernier événement il y a 12 s");
    expect(lastEventAgeText(then, then + 185_000)).toBe("Dernier événement il y a 3 min");
    expect(lastEventAgeText(then, then + 2 * 3600_000 + 5_000)).toBe("Dernier événement il y a 2 h");
    // A source whose clock runs ahead of the server's never reads "il y a -3 s".
    expect(lastEventAgeText(then, then - 3_000)).toBe("Dernier événement il y a 0 s");
  });

  it("says a cut, its length and when it began, in Paris time", () => {
    // 20:14:05 UTC is 21:14:05 in Paris in winter.
    const from = Date.UTC(2026, 10, 29, 20, 14, 5);
    expect(sourceGapText(from, from + 20_000)).toBe("Coupure de 20 s à 21:14:05");
    expect(sourceGapText(from, from + 125_000)).toBe("Coupure de 2 min 05 s à 21:14:05");
  });
});

describe("what a source reports", () => {
  it("keeps a bridge that predates health valid", () => {
    expect(liveSourceStatusRequestSchema.safeParse({ liveRef: "L1", state: "disconnected" }).success).toBe(
      true,
    );
  });

  it("refuses a cut that ends before it starts, in French", () => {
    const from = Date.UTC(2026, 10, 29, 20, 14, 5);
    const result = liveSourceGapRequestSchema.safeParse({ liveRef: "L1", from, to: from - 1, resent: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(liveSellingMessages.gapEndsBeforeStart);
  });
});
