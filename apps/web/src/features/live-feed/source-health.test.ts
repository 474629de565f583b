import { describe, expect, it } from "vitest";
import { sourceHealthText } from "./source-health";

describe("a source's health as staff read it", () => {
  const source = {
    liveId: "l",
    source: "tiktok",
    state: "connected" as const,
    updatedAt: "2026-11-29T20:14:20.000Z",
    lastEventAt: "2026-11-29T20:14:08.000Z",
    reconnects: 2,
    duplicatesDropped: 5,
  };
  const now = Date.parse("2026-11-29T20:14:20.000Z");

  it("says its state, its last event's age, its reconnections and the duplicates dropped", () => {
    expect(sourceHealthText(source, now)).toBe(
      "Connecté · Dernier événement il y a 12 s · Reconnexions : 2 · Doublons écartés : 5",
    );
  });

  it("leaves out the last event before any, and says 'Arrêté' and 'Reconnexion…'", () => {
    expect(sourceHealthText({ ...source, state: "stopped", lastEventAt: null }, now)).toBe(
      "Arrêté · Reconnexions : 2 · Doublons écartés : 5",
    );
    expect(sourceHealthText({ ...source, state: "reconnecting" }, now)).toMatch(/^Reconnexion… · /);
  });
});
