import {
  ITEMS_EDITABLE_STATUSES,
  ORDER_STATUSES,
  liveViewerPlaceholderEmail,
  NEW_ORDER_SHIPPING_TYPE,
  ORDER_NUMBER_PREFIX,
  PAYMENT_FORM_LIFETIME_SECONDS,
  SHIPPING_FEE_CENTS,
} from "@vitrine/domain";
import { z } from "zod";
import type { AppConfig } from "../../config";
import { claimLockKey } from "../auth";

/** The shop's settings the claims' rules come from. */
export type ClaimSettings = Pick<AppConfig, "claimHoldSeconds" | "claimDoubtSeconds" | "unpaidHoldsLimit">;

/**
 * The server's rules the claims' SQL functions apply (their `p_rules` argument, read as
 * `p_rules ->> 'key'`): the shop's hold and doubt wait, what a new order is made with, which
 * orders' lines may change, a viewer's claim lock key and placeholder e-mail (around the handle,
 * as the sidebar's add makes them), a payment form's lifetime, and the unpaid holds at which the
 * engine gives a customer nothing by itself (UNPAID_HOLDS_LIMIT, 0 never). Its keys are the only
 * ones SQL may read: test/sql-contracts.test.ts holds every function to them.
 */
export const claimRulesSchema = z.strictObject({
  shopHoldSeconds: z.number().int().positive(),
  shopDoubtSeconds: z.number().int().positive(),
  unpaidHoldsLimit: z.number().int().nonnegative(),
  fee: z.number().int().nonnegative(),
  shippingType: z.string().min(1),
  prefix: z.string().min(1),
  editable: z.array(z.enum(ORDER_STATUSES)).min(1),
  lockKeyPrefix: z.string().min(1),
  emailSuffix: z.string().min(1),
  paymentWindowSeconds: z.number().int().positive(),
});

export type ClaimRules = z.infer<typeof claimRulesSchema>;

/** The claims' rules as the SQL functions receive them (JSON), written once here. */
export function claimRules({ claimHoldSeconds, claimDoubtSeconds, unpaidHoldsLimit }: ClaimSettings): string {
  const rules: ClaimRules = claimRulesSchema.parse({
    shopHoldSeconds: claimHoldSeconds,
    shopDoubtSeconds: claimDoubtSeconds,
    unpaidHoldsLimit,
    fee: SHIPPING_FEE_CENTS,
    shippingType: NEW_ORDER_SHIPPING_TYPE,
    prefix: ORDER_NUMBER_PREFIX,
    editable: [...ITEMS_EDITABLE_STATUSES],
    lockKeyPrefix: claimLockKey("handle:"),
    emailSuffix: liveViewerPlaceholderEmail(""),
    paymentWindowSeconds: PAYMENT_FORM_LIFETIME_SECONDS,
  });
  return JSON.stringify(rules);
}

/** What a claims function says it did: whether claims changed, and the orders that changed. */
export interface ClaimsOutcome {
  changed?: boolean;
  stale?: boolean;
  outcome?: string;
  liveId?: string;
  orders?: string[] | null;
}
