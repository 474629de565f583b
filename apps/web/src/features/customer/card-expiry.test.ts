import { describe, expect, it } from "vitest";
import { formatCardExpiry } from "./card-expiry";

describe("formatCardExpiry", () => {
  it("puts the slash after the month once the year starts", () => {
    expect(formatCardExpiry("1")).toBe("1");
    expect(formatCardExpiry("12")).toBe("12");
    expect(formatCardExpiry("123")).toBe("12/3");
    expect(formatCardExpiry("1228")).toBe("12/28");
  });

  it("keeps a typed slash, drops other characters and extra digits", () => {
    expect(formatCardExpiry("12/28")).toBe("12/28");
    expect(formatCardExpiry("12 / 2830")).toBe("12/28");
    expect(formatCardExpiry("ab")).toBe("");
  });

  it("lets the slash go when the year is erased", () => {
    expect(formatCardExpiry("12/")).toBe("12");
  });
});
