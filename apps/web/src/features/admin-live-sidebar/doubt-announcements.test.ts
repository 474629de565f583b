import { describe, expect, it } from "vitest";
import { claim } from "../live-claims/testing";
import { doubtAnnouncements, type DoubtsAnnounced } from "./doubt-announcements";

const END = Date.parse("2026-11-26T10:00:45.000Z");
const doubt = claim({
  id: "ines",
  version: 1,
  ref: 7,
  doubtReason: "question",
  toConfirm: true,
  doubtUntil: new Date(END).toISOString(),
});

const fresh = (): DoubtsAnnounced => ({ told: new Set(), lastCalls: new Set() });

describe("doubtAnnouncements", () => {
  it("says a new doubt once, then once more when its last ten seconds begin, never each tick", () => {
    const announced = fresh();
    expect(doubtAnnouncements(announced, [doubt], END - 45_000)).toEqual([
      "À confirmer : réf 7 pour @ines (demande posée comme une question), encore 45 s",
    ]);
    expect(doubtAnnouncements(announced, [doubt], END - 44_000)).toEqual([]);
    expect(doubtAnnouncements(announced, [doubt], END - 11_000)).toEqual([]);
    expect(doubtAnnouncements(announced, [doubt], END - 10_000)).toEqual([
      "Plus que 10 s pour confirmer la réf 7 de @ines",
    ]);
    expect(doubtAnnouncements(announced, [doubt], END - 9_000)).toEqual([]);
  });

  it("says nothing of a sure claim, an answered doubt or one whose time is up", () => {
    const announced = fresh();
    expect(
      doubtAnnouncements(
        announced,
        [
          claim({ id: "lea", version: 2 }),
          { ...doubt, id: "answered", toConfirm: false },
          { ...doubt, id: "late" },
        ],
        END + 1_000,
      ),
    ).toEqual([]);
  });

  it("gives no separate last call to a doubt that arrives with little time left", () => {
    const announced = fresh();
    expect(doubtAnnouncements(announced, [doubt], END - 5_000)).toHaveLength(1);
    expect(doubtAnnouncements(announced, [doubt], END - 4_000)).toEqual([]);
  });
});
