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
import { createSessionReader } from "./session-reader";

/** better-auth in process, its session reader and the shop's sign-in rules, wired together. */
async function assembleAuthService({ config, db, mailer, authSecret, authRateLimits }: AppContext) {
  const auth = createAuthLibrary({
    db,
    secret: authSecret,
    appUrl: config.appUrl,
    useSecureCookies: config.isProduction,
    sendMagicLink: async ({ email, token, purpose }) => {
      const url = `${config.appUrl}/auth/verify?token=${encodeURIComponent(token)}`;
      const mail = purpose === "signup" ? signupConfirmationMail : signInLinkMail;
      await mailer.send(mail(email, url, config.shop.name));
    },
  });
  return createAuthService({
    db,
    auth,
    sessions: createSessionReader({
      db,
      secret: authSecret,
      cookie: await sessionCookieSettings(auth),
      lifetimeSeconds: SESSION_LIFETIME_SECONDS,
      refreshAgeSeconds: SESSION_REFRESH_AGE_SECONDS,
    }),
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
  viewerResolver: (service) => (request) => service.resolveViewer(request.cookies[service.sessionCookieName]),
});
