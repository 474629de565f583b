import type { RateLimitRule } from "../../http/rate-limiter";

// Kept apart from service.ts so that config.ts (loaded before anything else at start-up) can read
// the rule names and defaults without loading the payment service.

export interface PaymentRateLimits {
  /** Payment forms one customer opens: each one asks the provider for a form token. */
  formTokenPerCustomer: RateLimitRule;
  /** Payment status checks of one customer: each one asks the provider for the order's transactions. */
  statusCheckPerCustomer: RateLimitRule;
}

/**
 * A customer opens a form per visit of the payment page and checks once per card accepted; a few
 * retries and reloads stay far below these. PAYMENT_RATE_LIMITS (config.ts) overrides them.
 */
export const defaultPaymentRateLimits: PaymentRateLimits = {
  formTokenPerCustomer: { max: 20, windowSeconds: 10 * 60 },
  statusCheckPerCustomer: { max: 30, windowSeconds: 10 * 60 },
};
