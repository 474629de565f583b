import { paths } from "../../lib/paths";

/** Where a failed or expired sign-in link sends the visitor: the landing page shows the banner. */
export const EXPIRED_LINK_LANDING = `${paths.home()}#error=access_denied&error_code=otp_expired`;

/** True when the URL fragment reports a failed sign-in link (`#error=...` or `#error_code=...`). */
export function hashReportsAuthError(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  return params.has("error") || params.has("error_code");
}
