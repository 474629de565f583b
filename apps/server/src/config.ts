import path from "node:path";
import { z } from "zod";
import {
  DEFAULT_CLAIM_DOUBT_SECONDS,
  DEFAULT_CLAIM_HOLD_SECONDS,
  DEFAULT_CLAIM_REMINDER_SECONDS,
  DEFAULT_LIVE_SILENCE_SECONDS,
  MAX_LIVE_SILENCE_SECONDS,
  MIN_LIVE_SILENCE_SECONDS,
  DEFAULT_UNPAID_HOLDS_LIMIT,
  DEFAULT_PARCEL_COMBINE_DAYS,
  MAX_CLAIM_DOUBT_SECONDS,
  MAX_CLAIM_HOLD_SECONDS,
  MIN_CLAIM_DOUBT_SECONDS,
  MIN_CLAIM_HOLD_SECONDS,
} from "@vitrine/domain";
import type { RateLimitRule } from "./http/rate-limiter";
import {
  defaultAuthRateLimits,
  defaultPaymentRateLimits,
  type AuthRateLimits,
  type PaymentRateLimits,
} from "./rate-limits";
import { BROWSER_PUSH_SERVICE_HOSTS, PUSH_SERVICE_HOST_PATTERN } from "./lib/push-services";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(\/\d{1,3})?)$/;

/**
 * Which X-Forwarded-For hops to believe: none (false), a number of proxies in front of the app
 * ("true" means one), or the proxies' own addresses and ranges. Never "every hop": a client could
 * then pick its own address and skip every per-IP limit.
 */
const trustProxyFromEnv = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === "false" || value === "0" || value === "") return false;
    if (value === "true") return 1;
    if (/^\d+$/.test(value)) return Number(value);
    const addresses = value.split(",").map((entry) => entry.trim());
    if (addresses.every((entry) => PROXY_ADDRESS.test(entry))) return addresses;
    ctx.addIssue({
      code: "custom",
      message: "expected false, true, a number of proxies, or proxy addresses separated by commas",
    });
    return z.NEVER;
  });

/** Hours, decimals with a dot or a comma ("0,5"). */
const hoursFromEnv = z.string().transform((text) => Number(text.trim().replace(",", ".")));

/** "max/windowSeconds": whole numbers from 1, nine digits at most (a window of 31 years). */
const RATE_LIMIT_RULE = /^([1-9]\d{0,8})\/([1-9]\d{0,8})$/;

/**
 * Overrides of some rate limits, "rule=max/windowSeconds" separated by commas, e.g.
 * "adminSignInPerIp=1000/60,adminFailuresPerAccountAndIp=100/900". Rules left out keep their
 * defaults (rate-limits.ts); an unknown rule name is refused, not ignored, so a typo never leaves a
 * limit silently at its default.
 */
function rateLimitsFromEnv<Limits extends { [Name in keyof Limits]: RateLimitRule }>(defaults: Limits) {
  const isRuleName = (name: string): name is Extract<keyof Limits, string> => Object.hasOwn(defaults, name);
  return z.string().transform((value, ctx): Limits => {
    const limits: Limits = { ...defaults };
    const overridden = new Set<string>();
    const entries = value
      .split(",")
      .map((entry) => entry.trim())
      .filter((entry) => entry !== "");
    for (const entry of entries) {
      const [name = "", ruleText, ...extra] = entry.split("=").map((part) => part.trim());
      const rule = ruleText === undefined || extra.length > 0 ? undefined : parseRateLimitRule(ruleText);
      if (!isRuleName(name)) {
        const known = Object.keys(defaults).join(", ");
        ctx.addIssue({ code: "custom", message: `unknown rule "${name}" (known rules: ${known})` });
      } else if (!rule) {
        ctx.addIssue({
          code: "custom",
          message: `"${entry}": expected ${name}=max/windowSeconds, whole numbers from 1 to 999999999`,
        });
      } else if (overridden.has(name)) {
        ctx.addIssue({ code: "custom", message: `rule "${name}" is given more than once` });
      } else {
        Object.assign(limits, { [name]: rule });
        overridden.add(name);
      }
    }
    return limits;
  });
}

/** Push service hosts separated by commas, each a host name or `*.` and a domain. */
const pushServiceHostsFromEnv = z.string().transform((value, ctx): string[] => {
  const hosts = value
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== "");
  for (const host of hosts.filter((entry) => !PUSH_SERVICE_HOST_PATTERN.test(entry))) {
    ctx.addIssue({
      code: "custom",
      message: `"${host}": expected a host name (push.example.com) or a wildcard domain (*.push.example.com)`,
    });
  }
  return hosts;
});

/** A Sentry DSN (https://key@host/project), or empty for none. */
const sentryDsnFromEnv = z
  .string()
  .trim()
  .refine((value) => value === "" || /^https?:\/\/[^@/\s]+@[^/\s]+\/.+$/.test(value), {
    message: "expected a Sentry DSN, https://key@host/project (empty: no error reporting)",
  });

function parseRateLimitRule(text: string): RateLimitRule | undefined {
  const match = RATE_LIMIT_RULE.exec(text);
  return match ? { max: Number(match[1]), windowSeconds: Number(match[2]) } : undefined;
}

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  SMTP_URL: z.string().min(1).optional(),
  MAIL_FROM: z.string().min(3).default("Vitrine <contact@vitrine.local>"),
  AUTH_SECRET: z.string().min(32).optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12).optional(),
  LIVE_INGEST_TOKEN: z.string().min(24, "expected 24 characters or more").optional(),
  INSTAGRAM_APP_SECRET: z.string().min(1).optional(),
  INSTAGRAM_VERIFY_TOKEN: z.string().min(1).optional(),
  TRUST_PROXY: trustProxyFromEnv.default(false),
  AUTH_RATE_LIMITS: rateLimitsFromEnv(defaultAuthRateLimits).default(defaultAuthRateLimits),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SESSION_MAX_AGE_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  // Decimals with a dot or a comma ("0,5"): whole seconds, at least one, at most 30 days.
  CLAIM_HOLD_HOURS: hoursFromEnv
    .pipe(
      z
        .number()
        .gt(0)
        .max(MAX_CLAIM_HOLD_SECONDS / 3600),
    )
    .optional(),
  // 0: no reminder.
  CLAIM_REMINDER_HOURS: hoursFromEnv
    .pipe(
      z
        .number()
        .min(0)
        .max(MAX_CLAIM_HOLD_SECONDS / 3600),
    )
    .optional(),
  CLAIM_DOUBT_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_CLAIM_DOUBT_SECONDS)
    .max(MAX_CLAIM_DOUBT_SECONDS)
    .default(DEFAULT_CLAIM_DOUBT_SECONDS),
  UNPAID_HOLDS_LIMIT: z.coerce.number().int().min(0).max(1000).default(DEFAULT_UNPAID_HOLDS_LIMIT),
  VERIFIED_HANDLES_ONLY: booleanFromEnv.optional(),
  PARCEL_COMBINE_DAYS: z.coerce.number().int().min(0).max(365).default(DEFAULT_PARCEL_COMBINE_DAYS),
  EXPORT_STALL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  LIVE_SILENCE_SECONDS: z.coerce
    .number()
    .int()
    .min(MIN_LIVE_SILENCE_SECONDS)
    .max(MAX_LIVE_SILENCE_SECONDS)
    .default(DEFAULT_LIVE_SILENCE_SECONDS),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{86,88}={0,2}$/,
      "expected the P-256 public key in base64url (web-push generate-vapid-keys)",
    )
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(
      /^[A-Za-z0-9_-]{42,44}={0,2}$/,
      "expected the P-256 private key in base64url (web-push generate-vapid-keys)",
    )
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:.+@.+|https:\/\/.+)$/, "expected mailto:someone@shop.fr or an https:// address")
    .optional(),
  PUSH_SERVICE_HOSTS: pushServiceHostsFromEnv.default([]),
  PUSH_ALLOW_PRIVATE_ADDRESSES: booleanFromEnv.default(false),
  API_DOCS: booleanFromEnv.optional(),
  SEED_DEMO: booleanFromEnv.optional(),
  SHOP_NAME: z.string().min(1).default("Vitrine"),
  SHOP_CONTACT_EMAIL: z.email().default("contact@vitrine.local"),
  SHOP_POSTAL_ADDRESS: z.string().min(1).default("Vitrine\n12 rue des Lilas\n69001 Lyon\nFrance"),
  PAYMENT_PROVIDER: z.enum(["simulator", "lyra"]).optional(),
  PAYMENT_RATE_LIMITS: rateLimitsFromEnv(defaultPaymentRateLimits).default(defaultPaymentRateLimits),
  LYRA_SHOP_ID: z
    .string()
    .regex(/^\d{2,8}$/, "expected the shop id, 2 to 8 digits")
    .optional(),
  LYRA_PASSWORD: z
    .string()
    .regex(/^(test|prod)password_.+$/, "expected testpassword_... or prodpassword_...")
    .optional(),
  LYRA_PUBLIC_KEY: z
    .string()
    .regex(/^\d{2,8}:(test|prod)?publickey_.+$/, "expected shopId:testpublickey_... or shopId:publickey_...")
    .optional(),
  LYRA_HMAC_KEY: z.string().min(16).optional(),
  LYRA_API_URL: z.url().default("https://api.payzen.eu"),
  LYRA_STATIC_URL: z.url().default("https://static.payzen.eu"),
  LYRA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  LABEL_PROVIDER: z.enum(["local", "colissimo"]).default("local"),
  COLISSIMO_CONTRACT_NUMBER: z
    .string()
    .regex(/^\d{1,20}$/, "expected the Colissimo contract number, digits only")
    .optional(),
  COLISSIMO_PASSWORD: z.string().min(1).optional(),
  COLISSIMO_API_URL: z.url().default("https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0"),
  STORAGE: z.enum(["local", "s3"]).default("local"),
  STORAGE_DIR: z.string().min(1).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "expected a bucket name: 3 to 63 lower-case letters, digits, dots and dashes",
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]+$/, "expected a region such as eu-west-3 (MinIO: us-east-1)")
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "expected the store's http(s) address" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanFromEnv.default(false),
  SENTRY_DSN: sentryDsnFromEnv.optional(),
  VITE_SENTRY_DSN: sentryDsnFromEnv.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  WEB_DIST_DIR: z.string().optional(),
});

/** Every environment variable the server's settings read (.env.example documents each). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type AppConfig = {
  env: "development" | "test" | "production";
  isProduction: boolean;
  port: number;
  host: string;
  appUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPgPort: number;
  smtpUrl: string | undefined;
  mailFrom: string;
  authSecret: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /**
   * The bearer token live sources (TikTok bridge, simulator) send to /api/live-ingest. Outside
   * production it defaults to the public DEMO_LIVE_INGEST_TOKEN; undefined in production when
   * LIVE_INGEST_TOKEN is not set, which turns ingestion off (every source is refused).
   */
  liveIngestToken: string | undefined;
  /**
   * Meta's webhook for Instagram live comments: the app secret that signs each delivery and the
   * verify token of the subscription's handshake. Undefined (both unset) turns the webhook off:
   * its routes answer 404.
   */
  instagramWebhook: { appSecret: string; verifyToken: string } | undefined;
  /** false, a number of proxy hops, or the proxies' addresses (see trustProxyFromEnv). */
  trustProxy: false | number | string[];
  /** The sign-in limits: the defaults, with AUTH_RATE_LIMITS's overrides. */
  authRateLimits: AuthRateLimits;
  /**
   * How long a session read from the database may serve this instance's next requests at most
   * (decision 020); it is forgotten sooner as soon as the database tells of a change. 0: read on
   * every request.
   */
  sessionCacheSeconds: number;
  /** A session ends this many days after its sign-in, however active (sliding stops there). */
  sessionMaxAgeDays: number;
  /** How long a piece given from a live claim is held for its buyer, unless the live says otherwise. */
  claimHoldSeconds: number;
  /**
   * How long a claim from a doubtful comment ('À confirmer') keeps its place waiting for staff,
   * unless the live says otherwise; then it is dropped and the piece goes to the next claimer.
   */
  claimDoubtSeconds: number;
  /** Seconds without any event, while a live is active, before staff are told it is silent. */
  liveSilenceSeconds: number;
  /** How long before a hold ends its order's reminder is sent; 0: none. */
  claimReminderSeconds: number;
  /** Unpaid holds at which a customer's claims wait for a staff click (0: never). */
  unpaidHoldsLimit: number;
  /**
   * Orders from live comments are changed (beyond validating and paying them) only by customers
   * whose handle is proven. On by default in production: anyone may sign up first with a handle
   * the live chat shows; off outside it, where the demo's customers never comment a code.
   */
  verifiedHandlesOnly: boolean;
  /** A customer's orders placed at most this many days apart may travel in one parcel (0: never). */
  parcelCombineDays: number;
  /**
   * A CSV download whose client takes nothing for this long is cut: its cursor and its connection
   * of the exports' pool are freed for the next export.
   */
  exportStallSeconds: number;
  /**
   * The VAPID keys web push is signed with, when the settings give them; otherwise the ones made
   * at first start and kept in the database (web_push_keys).
   */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who push services may contact about this shop's sends: VAPID_SUBJECT, else the shop's e-mail. */
  vapidSubject: string;
  /**
   * Where customers' push subscriptions may point: the browsers' push services
   * (lib/push-services.ts) and PUSH_SERVICE_HOSTS's.
   */
  pushServiceHosts: readonly string[];
  /**
   * Push endpoints may be plain http and at private or loopback addresses: a push service run on
   * this machine, as the API tests do. Refused in production.
   */
  pushAllowPrivateAddresses: boolean;
  /** The API's description and its browser at /api/docs: on outside production, opt-in in it. */
  apiDocs: boolean;
  seedDemo: boolean;
  shop: { name: string; contactEmail: string; postalAddress: string };
  paymentProvider: "simulator" | "lyra";
  /** The payment form and status check limits: the defaults, with PAYMENT_RATE_LIMITS's overrides. */
  paymentRateLimits: PaymentRateLimits;
  /** Set when paymentProvider is "lyra" (all required then). */
  lyra: LyraSettings | undefined;
  labelProvider: "local" | "colissimo";
  /** Set when labelProvider is "colissimo" (all required then). */
  colissimo: ColissimoSettings | undefined;
  storage: "local" | "s3";
  /** Where STORAGE=local keeps files (labels): STORAGE_DIR, or files/ under DATA_DIR. */
  storageDir: string;
  /** Set when storage is "s3" (bucket, region and keys required then). */
  s3: S3Settings | undefined;
  /** Where the server reports its errors (Sentry); none without it. */
  sentryDsn: string | undefined;
  /** Where the pages report theirs: the server writes it into the page it sends (decision 023). */
  browserSentryDsn: string | undefined;
  logLevel: string;
  webDistDir: string | undefined;
};

/** The Lyra (PayZen / Systempay) shop's settings: docs/integrations.md, "Lyra REST V4". */
export interface LyraSettings {
  shopId: string;
  /** The REST API password; it also signs the payment notifications (IPN). */
  password: string;
  publicKey: string;
  /** The key of the browser return's signature. */
  hmacKey: string;
  apiUrl: string;
  staticUrl: string;
  /** How long a call waits for Lyra's answer; a refund not answered by then is read back later. */
  answerTimeoutMs: number;
}

/** The Colissimo label web service's account: docs/integrations.md, "Colissimo label web service". */
export interface ColissimoSettings {
  contractNumber: string;
  password: string;
  /** Up to the service version, e.g. https://ws.colissimo.fr/sls-ws/SlsServiceWSRest/2.0 */
  apiUrl: string;
}

/** An S3 bucket (STORAGE=s3): AWS S3, or any S3-compatible store (MinIO, Garage, R2, Scaleway…). */
export interface S3Settings {
  bucket: string;
  region: string;
  /** The store's address, e.g. http://minio:9000; undefined for AWS S3 itself. */
  endpoint: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** The bucket in the path (http://host/bucket/key) rather than the host name: MinIO needs it. */
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

const COLISSIMO_SETTINGS = ["COLISSIMO_CONTRACT_NUMBER", "COLISSIMO_PASSWORD"] as const;

const S3_SETTINGS = ["S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

const LYRA_SETTINGS = ["LYRA_SHOP_ID", "LYRA_PASSWORD", "LYRA_PUBLIC_KEY", "LYRA_HMAC_KEY"] as const;

/**
 * Lyra's demo shop, published in its documentation: anyone can sign a payment notification with
 * its password, so production refuses each of these values.
 */
export const LYRA_DEMO_KEYS = {
  LYRA_SHOP_ID: "69876357",
  LYRA_PASSWORD: "testpassword_DEMOPRIVATEKEY23G4475zXZQ2UA5x7M",
  LYRA_PUBLIC_KEY: "69876357:testpublickey_DEMOPUBLICKEY95me92597fd28tGD4r5",
  LYRA_HMAC_KEY: "38453613e7f44dc58732bad3dca2bca3",
} as const satisfies Record<(typeof LYRA_SETTINGS)[number], string>;

/** The administrator created outside production when none is configured; its password is public. */
export const DEMO_ADMIN = { email: "admin@vitrine.local", password: "vitrine-admin-demo" };

/** The ingestion token outside production: public (documented), so production refuses it. */
export const DEMO_LIVE_INGEST_TOKEN = "vitrine-live-ingest-demo-token";

/** Parses the environment once; fails fast with every invalid setting named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  - ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new ConfigError(`Invalid settings (see .env.example):\n${problems}`);
  }
  const e = parsed.data;
  const isProduction = e.NODE_ENV === "production";
  // One without the other would leave the webhook half set: Meta's handshake or its deliveries
  // refused without a word in the log.
  if (Boolean(e.INSTAGRAM_APP_SECRET) !== Boolean(e.INSTAGRAM_VERIFY_TOKEN)) {
    throw new ConfigError(
      "INSTAGRAM_APP_SECRET and INSTAGRAM_VERIFY_TOKEN go together: set both, or neither",
    );
  }
  if (isProduction) {
    const missing = (["APP_URL", "DATABASE_URL", "AUTH_SECRET", "SMTP_URL"] as const).filter(
      (name) => !e[name],
    );
    if (missing.length > 0) {
      throw new ConfigError(`Missing settings required in production: ${missing.join(", ")}`);
    }
    if (e.ADMIN_PASSWORD === DEMO_ADMIN.password) {
      throw new ConfigError("ADMIN_PASSWORD is the public demo password: choose another one in production");
    }
    if (e.LIVE_INGEST_TOKEN === DEMO_LIVE_INGEST_TOKEN) {
      throw new ConfigError("LIVE_INGEST_TOKEN is the public demo token: choose another one in production");
    }
    // The simulator accepts a public test card: a shop in production would ship unpaid orders.
    if (!e.PAYMENT_PROVIDER) {
      throw new ConfigError(
        "PAYMENT_PROVIDER is required in production: set PAYMENT_PROVIDER=lyra and the shop's LYRA_ keys",
      );
    }
    if (e.PAYMENT_PROVIDER === "simulator") {
      throw new ConfigError(
        "PAYMENT_PROVIDER=simulator takes no real payment: production needs PAYMENT_PROVIDER=lyra",
      );
    }
    // A customer's browser would name the address the server posts to: any machine of the shop's
    // network, or the cloud's metadata service, would be theirs to call.
    if (e.PUSH_ALLOW_PRIVATE_ADDRESSES) {
      throw new ConfigError(
        "PUSH_ALLOW_PRIVATE_ADDRESSES lets customers make the server call private addresses: refused in production",
      );
    }
    const demoKeys = LYRA_SETTINGS.filter((name) => e[name] === LYRA_DEMO_KEYS[name]);
    if (demoKeys.length > 0) {
      throw new ConfigError(
        `${demoKeys.join(", ")}: Lyra's published demo shop, refused in production: use your shop's own keys`,
      );
    }
  }
  const paymentProvider = e.PAYMENT_PROVIDER ?? "simulator";
  let lyra: LyraSettings | undefined;
  if (paymentProvider === "lyra") {
    const missing = LYRA_SETTINGS.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(`PAYMENT_PROVIDER=lyra needs these settings: ${missing.join(", ")}`);
    }
    lyra = {
      shopId: e.LYRA_SHOP_ID ?? "",
      password: e.LYRA_PASSWORD ?? "",
      publicKey: e.LYRA_PUBLIC_KEY ?? "",
      hmacKey: e.LYRA_HMAC_KEY ?? "",
      apiUrl: e.LYRA_API_URL.replace(/\/$/, ""),
      staticUrl: e.LYRA_STATIC_URL.replace(/\/$/, ""),
      answerTimeoutMs: e.LYRA_TIMEOUT_MS,
    };
  }
  let colissimo: ColissimoSettings | undefined;
  if (e.LABEL_PROVIDER === "colissimo") {
    const missing = COLISSIMO_SETTINGS.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(`LABEL_PROVIDER=colissimo needs these settings: ${missing.join(", ")}`);
    }
    colissimo = {
      contractNumber: e.COLISSIMO_CONTRACT_NUMBER ?? "",
      password: e.COLISSIMO_PASSWORD ?? "",
      apiUrl: e.COLISSIMO_API_URL.replace(/\/$/, ""),
    };
  }
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined)) {
    throw new ConfigError("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both, or neither");
  }
  let s3: S3Settings | undefined;
  if (e.STORAGE === "s3") {
    const missing = S3_SETTINGS.filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(`STORAGE=s3 needs these settings: ${missing.join(", ")}`);
    }
    s3 = {
      bucket: e.S3_BUCKET ?? "",
      region: e.S3_REGION ?? "",
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ""),
      accessKeyId: e.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: e.S3_SECRET_ACCESS_KEY ?? "",
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    };
  }
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    authSecret: e.AUTH_SECRET,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    liveIngestToken: e.LIVE_INGEST_TOKEN ?? (isProduction ? undefined : DEMO_LIVE_INGEST_TOKEN),
    instagramWebhook:
      e.INSTAGRAM_APP_SECRET && e.INSTAGRAM_VERIFY_TOKEN
        ? { appSecret: e.INSTAGRAM_APP_SECRET, verifyToken: e.INSTAGRAM_VERIFY_TOKEN }
        : undefined,
    trustProxy: e.TRUST_PROXY,
    authRateLimits: e.AUTH_RATE_LIMITS,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    sessionMaxAgeDays: e.SESSION_MAX_AGE_DAYS,
    claimHoldSeconds:
      e.CLAIM_HOLD_HOURS === undefined
        ? DEFAULT_CLAIM_HOLD_SECONDS
        : Math.max(MIN_CLAIM_HOLD_SECONDS, Math.round(e.CLAIM_HOLD_HOURS * 3600)),
    claimDoubtSeconds: e.CLAIM_DOUBT_SECONDS,
    liveSilenceSeconds: e.LIVE_SILENCE_SECONDS,
    claimReminderSeconds:
      e.CLAIM_REMINDER_HOURS === undefined
        ? DEFAULT_CLAIM_REMINDER_SECONDS
        : Math.round(e.CLAIM_REMINDER_HOURS * 3600),
    unpaidHoldsLimit: e.UNPAID_HOLDS_LIMIT,
    verifiedHandlesOnly: e.VERIFIED_HANDLES_ONLY ?? isProduction,
    parcelCombineDays: e.PARCEL_COMBINE_DAYS,
    exportStallSeconds: e.EXPORT_STALL_SECONDS,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${e.SHOP_CONTACT_EMAIL}`,
    pushServiceHosts: [...BROWSER_PUSH_SERVICE_HOSTS, ...e.PUSH_SERVICE_HOSTS],
    pushAllowPrivateAddresses: e.PUSH_ALLOW_PRIVATE_ADDRESSES,
    apiDocs: e.API_DOCS ?? !isProduction,
    seedDemo: e.SEED_DEMO ?? !isProduction,
    shop: {
      name: e.SHOP_NAME,
      contactEmail: e.SHOP_CONTACT_EMAIL,
      postalAddress: e.SHOP_POSTAL_ADDRESS.replace(/\\n/g, "\n"),
    },
    paymentProvider,
    paymentRateLimits: e.PAYMENT_RATE_LIMITS,
    lyra,
    labelProvider: e.LABEL_PROVIDER,
    colissimo,
    storage: e.STORAGE,
    storageDir: e.STORAGE_DIR ?? path.join(e.DATA_DIR, "files"),
    s3,
    sentryDsn: e.SENTRY_DSN || undefined,
    browserSentryDsn: e.VITE_SENTRY_DSN || undefined,
    // Request logs are for production; a developer reads the few lines main.ts prints.
    logLevel: e.LOG_LEVEL ?? (isProduction ? "info" : "warn"),
    webDistDir: e.WEB_DIST_DIR,
  };
}
