import "dotenv/config";
import { resolveAuthSecret } from "./auth-secret";
import { ConfigError, DEMO_ADMIN, loadConfig, type AppConfig } from "./config";
import type { Database } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import { startErrorReporting } from "./error-reporting";
import { openDatabase } from "./db/open";
import { seedDemoData } from "./db/seed";
import { createOutboxMailer } from "./integrations/mail/outbox-mailer";
import type { Mailer } from "./integrations/mail/mailer";
import { errorText } from "./lib/error-text";
import { ensureFirstAdmin } from "./modules/auth";
import { shutDown } from "./shutdown";

type Log = (message: string) => void;

/** Production: one JSON line per message, in pino's shape like the request logs. */
function createLog(config: AppConfig): Log {
  if (!config.isProduction) return (message) => console.log(`[vitrine] ${message}`);
  return (message) =>
    process.stdout.write(
      `${JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, msg: message })}\n`,
    );
}

async function createFirstAdminIfNeeded(db: Database, config: AppConfig, log: Log) {
  const email = config.adminEmail ?? (config.isProduction ? undefined : DEMO_ADMIN.email);
  const password = config.adminPassword ?? (config.isProduction ? undefined : DEMO_ADMIN.password);
  if (!email || !password) {
    log("No administrator yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one.");
    return;
  }
  if (await ensureFirstAdmin(db, { email, password })) {
    log(`Administrator created: ${email}${config.adminPassword ? "" : ` / password: ${password}`}`);
  } else if (!config.isProduction) {
    log(`Administrator sign-in at /admin/login (demo account: ${DEMO_ADMIN.email} / ${DEMO_ADMIN.password})`);
  }
}

async function createMailer(config: AppConfig, db: Database, log: Log): Promise<Mailer> {
  if (!config.smtpUrl) return createOutboxMailer(db, log);
  const { createSmtpMailer } = await import("./integrations/mail/smtp-mailer");
  return createSmtpMailer(config.smtpUrl, config.mailFrom);
}

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const log = createLog(config);
  // First, so that what fails from here on (start-up included) is reported.
  const errorReporter = await startErrorReporting(config);
  // The HTTP layer (most of the code to load) is imported while PostgreSQL starts and migrates.
  const appModule = import("./app");
  // Stopped by `stop` below, after the requests in progress (they still need it).
  const database = await openDatabase(config, log, { callerHandlesStopSignals: true });
  let stopping = false;
  // Ctrl-C reaches the embedded PostgreSQL too, which then ends our idle connections: expected.
  database.pool.on("error", (error) => stopping || log(`database connection lost: ${error.message}`));
  await migrateDatabase(database.db);
  await createFirstAdminIfNeeded(database.db, config, log);
  if (config.seedDemo && (await seedDemoData(database.db))) log("Demo data loaded.");

  const { buildApp } = await appModule;
  const mailer = await createMailer(config, database.db, log);
  const app = await buildApp({
    config,
    db: database.db,
    mailer,
    authSecret: resolveAuthSecret(config),
    errorReporter,
  });
  await app.listen({ port: config.port, host: config.host });
  const elapsed = Math.round(performance.now() - startedAt);
  log(
    `Listening on ${config.appUrl} (${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}, ready in ${elapsed} ms)`,
  );
  if (!config.smtpUrl && !config.isProduction)
    log(`No SMTP_URL: mails are listed at ${config.appUrl}/dev/mail`);

  const stop = async (signal: string) => {
    if (stopping) {
      log(`${signal} received again: exiting without waiting.`);
      process.exit(1);
    }
    stopping = true;
    log(`${signal} received: finishing the requests in progress, then stopping.`);
    try {
      await shutDown({ app, log, afterDrain: [database.close] });
      // The last reports still buffered leave before the process does.
      await errorReporter?.flush(2000);
      log("Stopped.");
      process.exit(0);
    } catch (error) {
      log(`Stopping failed: ${errorText(error)}`);
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
