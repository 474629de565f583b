import { describe, expect, it } from "vitest";
import { liveViewerPlaceholderEmail, NO_ACCOUNT_YET, shownEmail } from "./email";

describe("e-mails as the back office shows them", () => {
  it("never shows a live viewer's placeholder address", () => {
    expect(shownEmail(liveViewerPlaceholderEmail("Zoe_Live"))).toBe("Pas encore de compte");
    expect(shownEmail("ZOE@Viewers.Vitrine.Invalid")).toBe(NO_ACCOUNT_YET);
  });

  it("shows a real address as it is, and leaves none to the screen", () => {
    expect(shownEmail("marie@example.com")).toBe("marie@example.com");
    expect(shownEmail(null)).toBeNull();
    expect(shownEmail("")).toBeNull();
  });
});
