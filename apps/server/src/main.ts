import "dotenv/config";
import { buildApp } from "./app";
import { resolveAuthSecret } from "./auth-secret";
import { ConfigError, DEMO_ADMIN, loadConfig, type AppConfig } from "./config";
import { migrateDatabase } from "./db/migrate";
import { openDatabase } from "./db/open";
import { seedDemoData } from "./db/seed";
import type { Database } from "./db/client";
import { createOutboxMailer } from "./integrations/mail/outbox-mailer";
import { createSmtpMailer } from "./integrations/mail/smtp-mailer";
import { startMaintenance } from "./maintenance";
import { ensureFirstAdmin } from "./modules/auth/first-admin";

const log = (message: string) => console.log(`[vitrine] ${message}`);

async function createFirstAdminIfNeeded(db: Database, config: AppConfig) {
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

async function main() {
  const startedAt = performance.now();
  const config = loadConfig();
  const database = await openDatabase(config, log);
  await migrateDatabase(database.db);
  await createFirstAdminIfNeeded(database.db, config);
  if (config.seedDemo && (await seedDemoData(database.db))) log("Demo data loaded.");

  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(database.db, log);
  const app = await buildApp({ config, db: database.db, mailer, authSecret: resolveAuthSecret(config) });
  await app.listen({ port: config.port, host: config.host });
  const stopMaintenance = startMaintenance(database.db, log);
  const elapsed = Math.round(performance.now() - startedAt);
  log(
    `Listening on ${config.appUrl} (${database.embedded ? "embedded PostgreSQL" : "DATABASE_URL"}, ready in ${elapsed} ms)`,
  );
  if (!config.smtpUrl && !config.isProduction)
    log(`No SMTP_URL: mails are listed at ${config.appUrl}/dev/mail`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal} received, stopping.`);
    stopMaintenance();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
