import { describe, expect, it } from "vitest";
import { formatLongDate } from "./long-date";

describe("formatLongDate", () => {
  it("writes the day, the French month and the year", () => {
    expect(formatLongDate("2025-05-12T10:00:00.000Z")).toBe("12 mai 2025");
    expect(formatLongDate(new Date(2025, 10, 23))).toBe("23 novembre 2025");
  });
});
