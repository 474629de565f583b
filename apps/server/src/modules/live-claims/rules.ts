import {
  ITEMS_EDITABLE_STATUSES,
  liveViewerPlaceholderEmail,
  NEW_ORDER_SHIPPING_TYPE,
  ORDER_NUMBER_PREFIX,
  PAYMENT_FORM_LIFETIME_SECONDS,
  SHIPPING_FEE_CENTS,
} from "@vitrine/domain";
import type { AppConfig } from "../../config";
import { claimLockKey } from "../auth";

/** The shop's settings the claims' rules come from. */
export type ClaimSettings = Pick<AppConfig, "claimHoldSeconds" | "claimDoubtSeconds" | "unpaidHoldsLimit">;

/**
 * The server's rules the claims' SQL functions apply (migration live_claims_engine, `p_rules`):
 * the shop's hold and doubt wait (migration claim_doubts), what a new order is made with, which orders' lines may change, a viewer's
 * claim lock key and placeholder e-mail (around the handle, as the sidebar's add makes them) and a
 * payment form's lifetime, and the unpaid holds at which the engine gives a customer nothing by
 * itself (UNPAID_HOLDS_LIMIT, 0 never; migration unpaid_holds_and_handle_proof). Written once
 * here, passed as JSON.
 */
export function claimRules({ claimHoldSeconds, claimDoubtSeconds, unpaidHoldsLimit }: ClaimSettings): string {
  return JSON.stringify({
    shopHoldSeconds: claimHoldSeconds,
    shopDoubtSeconds: claimDoubtSeconds,
    unpaidHoldsLimit,
    fee: SHIPPING_FEE_CENTS,
    shippingType: NEW_ORDER_SHIPPING_TYPE,
    prefix: ORDER_NUMBER_PREFIX,
    editable: ITEMS_EDITABLE_STATUSES,
    lockKeyPrefix: claimLockKey("handle:"),
    emailSuffix: liveViewerPlaceholderEmail(""),
    paymentWindowSeconds: PAYMENT_FORM_LIFETIME_SECONDS,
  });
}

/** What a claims function says it did: whether claims changed, and the orders that changed. */
export interface ClaimsOutcome {
  changed?: boolean;
  stale?: boolean;
  outcome?: string;
  liveId?: string;
  orders?: string[] | null;
}
