import { describe, expect, it } from "vitest";
import { attachmentDisposition, csvCents, csvDateTime, csvText, exportFileName } from "./csv-export";

describe("CSV cells for French Excel", () => {
  it("agree with Intl every seventh minute of a year, in Paris time", () => {
    const intl = new Intl.DateTimeFormat("fr-FR", {
      timeZone: "Europe/Paris",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    const start = Date.UTC(2026, 0, 1);
    for (let ms = start; ms < start + 366 * 86_400_000; ms += 7 * 60_000) {
      const date = new Date(ms);
      expect(csvDateTime(date)).toBe(intl.format(date).replace(",", ""));
    }
  });

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
    // Across the changes of time, each instant as the shop's clock read it.
    expect(csvDateTime(new Date("2026-03-29T00:59:00Z"))).toBe("29/03/2026 01:59");
    expect(csvDateTime(new Date("2026-03-29T01:00:00Z"))).toBe("29/03/2026 03:00");
    expect(csvDateTime(new Date("2026-10-25T00:30:00Z"))).toBe("25/10/2026 02:30");
    expect(csvDateTime(new Date("2026-10-25T01:30:00Z"))).toBe("25/10/2026 02:30");
    expect(csvDateTime(new Date("2026-10-25T02:00:00Z"))).toBe("25/10/2026 03:00");
  });

  it("prefixes text Excel would run as a formula", () => {
    expect(csvText("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvText("+33")).toBe("'+33");
    expect(csvText("-2")).toBe("'-2");
    expect(csvText("@SUM(1)")).toBe("'@SUM(1)");
    expect(csvText("Hélène Façon")).toBe("Hélène Façon");
    expect(csvText(null)).toBe("");
  });

  it("prefixes the full-width forms of = + - @, and a leading tab or carriage return", () => {
    expect(csvText('＝HYPERLINK("http://x")')).toBe('\'＝HYPERLINK("http://x")');
    expect(csvText("＋33")).toBe("'＋33");
    expect(csvText("－2")).toBe("'－2");
    expect(csvText("＠SUM(1)")).toBe("'＠SUM(1)");
    expect(csvText("\t=1+1")).toBe("'\t=1+1");
    expect(csvText("\r=1+1")).toBe("'\r=1+1");
    // Full-width letters and digits are text as they are.
    expect(csvText("Ｍａｒｉｅ １２")).toBe("Ｍａｒｉｅ １２");
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
