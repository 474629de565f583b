import { describe, expect, it } from "vitest";
import { EXPIRED_LINK_LANDING, hashReportsAuthError } from "./auth-link-error";

describe("hashReportsAuthError", () => {
  it("spots an error or an error code in the fragment", () => {
    expect(hashReportsAuthError("#error=access_denied&error_code=otp_expired")).toBe(true);
    expect(hashReportsAuthError("#error_code=otp_expired")).toBe(true);
    expect(hashReportsAuthError("#error=access_denied")).toBe(true);
    expect(hashReportsAuthError(new URL(EXPIRED_LINK_LANDING, "http://localhost").hash)).toBe(true);
  });

  it("ignores an empty or unrelated fragment", () => {
    expect(hashReportsAuthError("")).toBe(false);
    expect(hashReportsAuthError("#contenu")).toBe(false);
    expect(hashReportsAuthError("#terror=1")).toBe(false);
  });
});
