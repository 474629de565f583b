import type { RateLimitRule } from "./http/rate-limiter";

// The rules that AUTH_RATE_LIMITS and PAYMENT_RATE_LIMITS override, and their defaults. They sit
// beside config.ts, which parses those settings, so that config.ts (loaded before anything else at
// start-up) never loads a module: the auth and payments modules read them from here.

export interface AuthRateLimits {
  signupPerIp: RateLimitRule;
  loginLinkPerIp: RateLimitRule;
  /** Links mailed to one address at the request of one client address. */
  magicLinkPerEmailAndIp: RateLimitRule;
  /** Backstop against mail bombing one address from many client addresses. */
  magicLinkPerEmail: RateLimitRule;
  verifyPerIp: RateLimitRule;
  usernameCheckPerIp: RateLimitRule;
  adminSignInPerIp: RateLimitRule;
  /** Wrong passwords for one account from one client address. */
  adminFailuresPerAccountAndIp: RateLimitRule;
  /** Backstop for one account from browsers that never signed in to it (see modules/auth/admin-device.ts). */
  adminFailuresPerAccount: RateLimitRule;
}

export type AuthRateLimitName = keyof AuthRateLimits;

/**
 * After a live, hundreds of customers arrive within minutes from a few mobile-carrier addresses:
 * per-IP limits leave room for 300 customers a minute behind one address (each signs up, checks
 * the handle and opens the link), and the strict limits are the per-e-mail and per-account ones.
 * A stranger's requests never lock a customer or an admin out from their own address.
 * AUTH_RATE_LIMITS (config.ts) overrides some of them.
 */
export const defaultAuthRateLimits: AuthRateLimits = {
  signupPerIp: { max: 600, windowSeconds: 60 },
  loginLinkPerIp: { max: 600, windowSeconds: 60 },
  magicLinkPerEmailAndIp: { max: 3, windowSeconds: 10 * 60 },
  magicLinkPerEmail: { max: 10, windowSeconds: 60 * 60 },
  verifyPerIp: { max: 600, windowSeconds: 60 },
  usernameCheckPerIp: { max: 600, windowSeconds: 60 },
  adminSignInPerIp: { max: 30, windowSeconds: 60 },
  adminFailuresPerAccountAndIp: { max: 5, windowSeconds: 15 * 60 },
  adminFailuresPerAccount: { max: 30, windowSeconds: 60 * 60 },
};

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
