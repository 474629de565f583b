import { describe, expect, it } from "vitest";
import { sinceText, sourceStatusText } from "./source-status";

const now = Date.parse("2026-11-25T20:00:00Z");

describe("what the sidebar says of the live's source", () => {
  it("before any source reported: no source is connected, and how to start one", () => {
    expect(
      sourceStatusText({ state: null, liveRef: "lv42", simulatorAvailable: true, lastCommentAt: null, now }),
    ).toEqual({
      kind: "none",
      text: "Aucune source connectée : lancez le pont TikTok ou le simulateur",
      command: "npm run live:simulate -- --live lv42",
    });
  });

  it("in production: the TikTok bridge only, no developer command", () => {
    expect(
      sourceStatusText({ state: null, liveRef: "lv42", simulatorAvailable: false, lastCommentAt: null, now }),
    ).toEqual({ kind: "none", text: "Aucune source connectée : lancez le pont TikTok", command: null });
  });

  it("a connected or degraded source: its state", () => {
    expect(
      sourceStatusText({
        state: "connected",
        liveRef: "x",
        simulatorAvailable: true,
        lastCommentAt: now,
        now,
      }).text,
    ).toBe("Source du live : Connecté");
    expect(
      sourceStatusText({
        state: "degraded",
        liveRef: "x",
        simulatorAvailable: true,
        lastCommentAt: null,
        now,
      }).text,
    ).toBe("Source du live : Dégradé : des commentaires ont été refusés");
  });

  it("a source that stopped: how long since the last comment, or that none came", () => {
    expect(
      sourceStatusText({
        state: "disconnected",
        liveRef: "x",
        simulatorAvailable: true,
        lastCommentAt: now - 7 * 60_000,
        now,
      }).text,
    ).toBe("Source du live : Déconnecté · dernier commentaire il y a 7 min");
    expect(
      sourceStatusText({
        state: "reconnecting",
        liveRef: "x",
        simulatorAvailable: true,
        lastCommentAt: null,
        now,
      }).text,
    ).toBe("Source du live : Reconnexion… · aucun commentaire reçu");
  });

  it("says how long ago to the minute", () => {
    expect(sinceText(now - 59_000, now)).toBe("à l'instant");
    expect(sinceText(now + 5_000, now)).toBe("à l'instant");
    expect(sinceText(now - 60_000, now)).toBe("il y a 1 min");
    expect(sinceText(now - 120 * 60_000, now)).toBe("il y a 2 h");
    expect(sinceText(now - 125 * 60_000, now)).toBe("il y a 2 h 05 min");
  });
});
