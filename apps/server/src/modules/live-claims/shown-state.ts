import { sql, type SQL } from "drizzle-orm";
import { isPaidStatus } from "../orders";

/*
 * What a claim shows to whoever reads it: one SQL function (db/functions/live_claim_shown_state.sql)
 * derives it from the stored state, the release reason, the doubt and the order's payment, so the
 * claims view, the customer's live page and the live's figures cannot tell a claim differently.
 */

export type ShownClaimState =
  "paid" | "reserved" | "expired" | "sold" | "to-confirm" | "pending" | "waitlisted" | "released";

/** The shown state of the claim row `claim` whose order's status is `orderStatus` (NULL without an order). */
export function shownClaimState(
  claim: SQL = sql.raw("c"),
  orderStatus: SQL = sql.raw("o.status"),
): SQL<ShownClaimState> {
  return sql<ShownClaimState>`live_claim_shown_state(${claim}, ${isPaidStatus(orderStatus)})`;
}
