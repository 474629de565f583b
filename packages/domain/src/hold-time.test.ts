import { describe, expect, it } from "vitest";
import {
  formatHoldDuration,
  formatHoldEnd,
  formatHoldLeft,
  holdDurationInput,
  parseHoldDuration,
} from "./hold-time";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe("formatHoldLeft", () => {
  it("reads a fresh 24 h hold as hours and minutes, never as a clock time", () => {
    expect(formatHoldLeft(23 * HOUR + 59 * MINUTE + 55 * SECOND)).toBe("23 h 59 min");
    expect(formatHoldLeft(24 * HOUR)).toBe("24 h");
    expect(formatHoldLeft(2 * HOUR + 5 * MINUTE)).toBe("2 h 05 min");
  });

  it("gives minutes under an hour and seconds only in the last minute", () => {
    expect(formatHoldLeft(59 * MINUTE + 59 * SECOND)).toBe("59 min");
    expect(formatHoldLeft(MINUTE)).toBe("1 min");
    expect(formatHoldLeft(45 * SECOND + 900)).toBe("45 s");
    expect(formatHoldLeft(-5 * SECOND)).toBe("0 s");
  });

  it("counts days past two days", () => {
    expect(formatHoldLeft(47 * HOUR + 30 * MINUTE)).toBe("47 h 30 min");
    expect(formatHoldLeft(3 * 24 * HOUR + 4 * HOUR + 10 * MINUTE)).toBe("3 jours 4 h");
    expect(formatHoldLeft(30 * 24 * HOUR)).toBe("30 jours");
  });
});

describe("formatHoldEnd", () => {
  // 28 November 2026, 21:01 in Paris (UTC+1 in winter).
  const now = Date.parse("2026-11-28T20:01:00Z");

  it("names the day in Paris: today, tomorrow, yesterday", () => {
    expect(formatHoldEnd("2026-11-28T22:30:00Z", now)).toBe("aujourd'hui 23:30");
    expect(formatHoldEnd("2026-11-29T20:01:00Z", now)).toBe("demain 21:01");
    expect(formatHoldEnd("2026-11-27T08:00:00Z", now)).toBe("hier 09:00");
  });

  it("takes the day from Paris, not from UTC: 23:30 UTC is already tomorrow there", () => {
    expect(formatHoldEnd("2026-11-28T23:30:00Z", now)).toBe("demain 00:30");
  });

  it("names a later day by its weekday and date", () => {
    expect(formatHoldEnd("2026-12-03T20:01:00Z", now)).toBe("jeu. 3 déc. 21:01");
  });

  it("follows summer time", () => {
    expect(formatHoldEnd("2026-07-02T19:01:00Z", Date.parse("2026-07-01T19:01:00Z"))).toBe("demain 21:01");
  });
});

describe("parseHoldDuration", () => {
  it("reads the number in the unit chosen, with a French comma", () => {
    expect(parseHoldDuration("15", "minutes")).toBe(900);
    expect(parseHoldDuration(" 24 ", "hours")).toBe(86_400);
    expect(parseHoldDuration("1,5", "hours")).toBe(5400);
    expect(parseHoldDuration("0.25", "hours")).toBe(900);
  });

  it("gives null for empty and undefined for what is not a number", () => {
    expect(parseHoldDuration("", "minutes")).toBeNull();
    expect(parseHoldDuration("quinze", "minutes")).toBeUndefined();
    expect(parseHoldDuration("-1", "hours")).toBeUndefined();
    expect(parseHoldDuration("15 min", "minutes")).toBeUndefined();
  });
});

describe("holdDurationInput", () => {
  it("shows whole hours in hours and the rest in minutes", () => {
    expect(holdDurationInput(86_400)).toEqual({ text: "24", unit: "hours" });
    expect(holdDurationInput(900)).toEqual({ text: "15", unit: "minutes" });
    expect(holdDurationInput(5400)).toEqual({ text: "90", unit: "minutes" });
    expect(holdDurationInput(90)).toEqual({ text: "1,5", unit: "minutes" });
  });

  it("gives back what it read", () => {
    for (const seconds of [60, 900, 3600, 5400, 86_400, 30 * 86_400]) {
      const { text, unit } = holdDurationInput(seconds);
      expect(parseHoldDuration(text, unit)).toBe(seconds);
    }
  });
});

describe("formatHoldDuration", () => {
  it("says a hold back in words", () => {
    expect(formatHoldDuration(900)).toBe("15 min");
    expect(formatHoldDuration(90)).toBe("1 min 30 s");
    expect(formatHoldDuration(5400)).toBe("1 h 30 min");
    expect(formatHoldDuration(86_400)).toBe("24 h");
    expect(formatHoldDuration(2 * 86_400)).toBe("2 jours");
    expect(formatHoldDuration(5)).toBe("5 s");
  });
});
