export const E2E_PORT = portSetting("E2E_PORT", 3199);
/** The embedded PostgreSQL of the journeys' server (unused when DATABASE_URL is set). */
export const E2E_PG_PORT = portSetting("E2E_PG_PORT", E2E_PORT + 20_000);

function portSetting(name: string, fallback: number): number {
  const setting = process.env[name];
  if (!setting) return fallback;
  const port = Number(setting);
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new Error(`${name} must be a port number (1-65535), not "${setting}"`);
  return port;
}
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/**
 * The journeys' server warns of a silent live after this many seconds (LIVE_SILENCE_SECONDS, 30 by
 * default): short, so the journey that waits for the banner does not wait half a minute.
 */
export const E2E_LIVE_SILENCE_SECONDS = 8;
/** The demo administrator that a server outside production creates on first start. */
export const DEMO_ADMIN = { email: "admin@vitrine.local", password: "vitrine-admin-demo" };

/** What the fixtures need to reach the app's data directly: its database and its cookie secret. */
export interface AppDataAccess {
  databaseUrl: string;
  authSecret: string;
}

// Playwright starts its workers after global-setup, with the environment global-setup leaves.
const DATABASE_URL_VARIABLE = "VITRINE_E2E_DATABASE_URL";
const AUTH_SECRET_VARIABLE = "VITRINE_E2E_AUTH_SECRET";

/** Called by global-setup once the app answers. */
export function handOverAppDataAccess(access: AppDataAccess): void {
  process.env[DATABASE_URL_VARIABLE] = access.databaseUrl;
  process.env[AUTH_SECRET_VARIABLE] = access.authSecret;
}

/** In a worker: where the app's data is, as global-setup handed it over. */
export function appDataAccess(): AppDataAccess {
  const databaseUrl = process.env[DATABASE_URL_VARIABLE];
  const authSecret = process.env[AUTH_SECRET_VARIABLE];
  if (!databaseUrl || !authSecret) {
    throw new Error(
      `${DATABASE_URL_VARIABLE} and ${AUTH_SECRET_VARIABLE} are unset: run the journeys with \`npx playwright test\`, whose global-setup starts the app and sets them`,
    );
  }
  return { databaseUrl, authSecret };
}
