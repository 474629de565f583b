import { describe, expect, it } from "vitest";
import { attachmentDisposition, csvCents, csvDateTime, csvText, exportFileName } from "./csv-export";

describe("CSV cells for French Excel", () => {
  it("writes cents with a decimal comma", () => {
    expect(csvCents(990)).toBe("9,90");
    expect(csvCents(123450)).toBe("1234,50");
    expect(csvCents(5)).toBe("0,05");
    expect(csvCents(-300)).toBe("-3,00");
  });

  it("writes instants in Paris time, summer and winter", () => {
    expect(csvDateTime(new Date("2026-11-26T20:30:00Z"))).toBe("26/11/2026 21:30");
    expect(csvDateTime(new Date("2026-07-01T22:05:00Z"))).toBe("02/07/2026 00:05");
    expect(csvDateTime(null)).toBe("");
  });

  it("prefixes text Excel would run as a formula", () => {
    expect(csvText("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvText("+33")).toBe("'+33");
    expect(csvText("-2")).toBe("'-2");
    expect(csvText("@SUM(1)")).toBe("'@SUM(1)");
    expect(csvText("Hélène Façon")).toBe("Hélène Façon");
    expect(csvText(null)).toBe("");
  });

  it("names the file by the shop's day, in ASCII", () => {
    expect(exportFileName(["commandes"], new Date("2026-11-26T23:30:00Z"))).toBe("commandes-2026-11-27.csv");
    expect(exportFileName(["ventes", "Été spécial"], new Date("2026-11-26T10:00:00Z"))).toBe(
      "ventes-ete-special-2026-11-26.csv",
    );
    expect(attachmentDisposition("commandes-2026-11-26.csv")).toBe(
      `attachment; filename="commandes-2026-11-26.csv"; filename*=UTF-8''commandes-2026-11-26.csv`,
    );
  });
});
