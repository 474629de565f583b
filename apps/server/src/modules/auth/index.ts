import { signInLinkMail, signupConfirmationMail } from "../../integrations/mail/auth-mails";
import { createRateLimiter } from "../../http/rate-limiter";
import { defineModule, type AppContext } from "../module";
import {
  createAuthLibrary,
  SESSION_LIFETIME_SECONDS,
  SESSION_REFRESH_AGE_SECONDS,
  sessionCookieSettings,
} from "./auth-library";
import { authRoutes } from "./routes";
import { createAuthService } from "./service";
import { createSessionCache } from "./session-cache";
import { createSessionChangeListener, type SessionChange } from "./session-change-listener";
import { createSessionReader, type SessionRecord } from "./session-reader";

export { ensureFirstAdmin } from "./first-admin";
export {
  claimLockKey,
  findUserByTiktokUsername,
  lockClaim,
  mayClaimHandleRow,
  tiktokUsernameTaken,
} from "./identity";
export { prepareSessionQuery } from "./session-reader";

/** Beyond this many sessions in memory, the oldest reads are forgotten (about 2 kB each). */
const SESSION_CACHE_MAX_ENTRIES = 20_000;

/**
 * The sessions this instance keeps in memory (decision 020), trusted only while their change
 * notifications are heard; none when the setting is 0.
 */
async function sessionMemory({ config, db }: AppContext) {
  if (config.sessionCacheSeconds === 0) return { cache: undefined, close: async () => {} };
  const cache = createSessionCache<SessionRecord>({
    maxAgeMs: config.sessionCacheSeconds * 1000,
    maxEntries: SESSION_CACHE_MAX_ENTRIES,
  });
  const forget = (change: SessionChange) => {
    if (change.kind === "session") cache.forgetSession(change.sessionId);
    else if (change.kind === "auth-user") cache.forgetAuthUser(change.authUserId);
    else cache.clear();
  };
  const listener = createSessionChangeListener({
    pool: db.$client,
    onChange: forget,
    onListening: cache.enable,
    onDeaf: cache.disable,
  });
  // Not listening yet (the database is down?): the listener retries, sessions are read meanwhile.
  await listener.start();
  return { cache, close: listener.close };
}

/** better-auth in process, its session reader and the shop's sign-in rules, wired together. */
async function assembleAuthService(context: AppContext) {
  const { config, db, mailer, authSecret, authRateLimits } = context;
  const auth = createAuthLibrary({
    db,
    secret: authSecret,
    appUrl: config.appUrl,
    useSecureCookies: config.isProduction,
    sendMagicLink: async ({ email, token, purpose, returnPath }) => {
      const next = returnPath ? `&next=${encodeURIComponent(returnPath)}` : "";
      const url = `${config.appUrl}/auth/verify?token=${encodeURIComponent(token)}${next}`;
      const mail = purpose === "signup" ? signupConfirmationMail : signInLinkMail;
      await mailer.send(mail(email, url, config.shop.name));
    },
  });
  const memory = await sessionMemory(context);
  return createAuthService({
    db,
    auth,
    sessions: createSessionReader({
      db,
      secret: authSecret,
      cookie: await sessionCookieSettings(auth),
      lifetimeSeconds: SESSION_LIFETIME_SECONDS,
      refreshAgeSeconds: SESSION_REFRESH_AGE_SECONDS,
      maxAgeSeconds: config.sessionMaxAgeDays * 24 * 3600,
      cache: memory.cache,
    }),
    closeSessionMemory: memory.close,
    rateLimiter: createRateLimiter(db),
    limits: authRateLimits,
    secret: authSecret,
    useSecureCookies: config.isProduction,
  });
}

export const authModule = defineModule({
  name: "auth",
  prefix: "/api/auth",
  createService: assembleAuthService,
  routes: authRoutes,
  stop: (service) => service.close(),
  viewerResolver: (service) => (request) => service.resolveViewer(request.cookies[service.sessionCookieName]),
  afterSignedInWrite: (service) => async (write) => {
    service.forgetSessionsInMemory();
    await service.impersonation.recordWrite(write);
  },
});
