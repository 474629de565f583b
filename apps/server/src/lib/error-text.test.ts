import { describe, expect, it } from "vitest";
import { errorText } from "./error-text";

describe("errorText", () => {
  it("gives an Error's message, without its name or stack", () => {
    expect(errorText(new TypeError("connection terminated"))).toBe("connection terminated");
  });

  it("gives anything else thrown as text", () => {
    expect(errorText("timeout")).toBe("timeout");
    expect(errorText(42)).toBe("42");
    expect(errorText(undefined)).toBe("undefined");
  });
});
