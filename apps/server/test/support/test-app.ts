import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { randomBytes } from "node:crypto";
import type { Writable } from "node:stream";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../../src/app";
import { loadConfig, type AppConfig } from "../../src/config";
import { connectDatabase, type Database } from "../../src/db/client";
import type { ErrorReporter } from "../../src/error-reporting";
import type { Mailer, OutgoingMail } from "../../src/integrations/mail/mailer";
import type { AuthRateLimits } from "../../src/rate-limits";
import type { LiveHub } from "../../src/realtime/live-hub";
import { withDatabase } from "./global-setup";

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  databaseUrl: string;
  config: AppConfig;
  /** Signs its session cookies: another instance on the same database needs the same one. */
  authSecret: string;
  /** Every mail the app sent, oldest first (unless a real mailer was given). */
  mails: OutgoingMail[];
  close: () => Promise<void>;
}

export interface TestAppOptions {
  mailer?: Mailer;
  authRateLimits?: AuthRateLimits;
  /** The real-time fan-out the app publishes to (silent without it). */
  liveHub?: LiveHub;
  env?: Record<string, string>;
  /** Receives the app's log as JSON lines (silent without it). */
  logStream?: Writable;
  /** Made from the app's settings before it is built, as main.ts does (error reporting's tests). */
  errorReporter?: (config: AppConfig) => Promise<ErrorReporter | undefined>;
  /** The app's clock (AppContext.now): a test that moves time sets it. */
  clock?: () => number;
  /**
   * The URL the app's pool connects to, given the test database's: a proxy in front of it lets a
   * test cut the app off its database (`db` goes through it, `databaseUrl` stays the database's).
   */
  poolUrl?: (databaseUrl: string) => string;
}

/**
 * Production refuses the payment simulator and Lyra's demo shop: an app built in production mode
 * gets an invented shop whose REST host is unreachable (no test calls the real Lyra).
 */
const PRODUCTION_PAYMENT_ENV = {
  PAYMENT_PROVIDER: "lyra",
  LYRA_SHOP_ID: "12345678",
  LYRA_PASSWORD: "prodpassword_test-app-invented-key",
  LYRA_PUBLIC_KEY: "12345678:publickey_test-app-invented-key",
  LYRA_HMAC_KEY: "test-app-invented-hmac-key",
  LYRA_API_URL: "http://127.0.0.1:9",
};

/** A fresh database cloned from the migrated template, and the whole app built on it. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const adminUrl = inject("adminDatabaseUrl");
  const database = `vitrine_t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database} TEMPLATE ${inject("templateDatabase")}`);
  await admin.end();

  const databaseUrl = withDatabase(adminUrl, database);
  const handle = connectDatabase(options.poolUrl?.(databaseUrl) ?? databaseUrl, 5);
  const config = loadConfig({
    NODE_ENV: "test",
    APP_URL: "http://localhost:3000",
    DATABASE_URL: databaseUrl,
    WEB_DIST_DIR: "/nonexistent",
    ...(options.env?.NODE_ENV === "production" ? PRODUCTION_PAYMENT_ENV : {}),
    ...options.env,
  });
  const mails: OutgoingMail[] = [];
  const mailer: Mailer = options.mailer ?? { send: async (mail) => void mails.push(mail) };
  const authSecret = randomBytes(32).toString("hex");
  const app = await buildApp({
    config,
    db: handle.db,
    mailer,
    authSecret,
    authRateLimits: options.authRateLimits,
    liveHub: options.liveHub,
    logger: options.logStream ? { stream: options.logStream } : false,
    errorReporter: await options.errorReporter?.(config),
    clock: options.clock,
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    databaseUrl,
    config,
    authSecret,
    mails,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

/** The session cookie's name outside production (no Secure prefix). */
export const SESSION_COOKIE = "vitrine.session_token";

/** The session cookie pair ("name=value") of a response, ready for a Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = [response.headers["set-cookie"] ?? []]
    .flat()
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return header.split(";")[0] ?? "";
}

/** The magic-link token in the latest mail sent to `email`. */
export function tokenFromLatestMail(mails: OutgoingMail[], email: string): string {
  const mail = mails.filter((m) => m.to === email).at(-1);
  const match = mail?.text.match(/\/auth\/verify\?token=([A-Za-z0-9_-]+)/);
  if (!match?.[1]) throw new Error(`no magic link mailed to ${email}`);
  return match[1];
}
