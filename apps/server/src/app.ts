import fastifyCookie from "@fastify/cookie";
import { httpMessages } from "@vitrine/domain";
import fastifyHelmet from "@fastify/helmet";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { existsSync } from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { API_DOCS_PREFIX, registerAccessControl, type RouteBook, type ViewerResolver } from "./http/access";
import { frameworkErrorHandler, registerErrorHandling } from "./http/errors";
import { registerNoStoreForApi } from "./http/no-store";
import { requestLogSerializers } from "./http/request-log";
import { createRateLimiter } from "./http/rate-limiter";
import { registerRequestIdHeader, requestIdOptions } from "./http/request-id";
import { registerSameOriginCheck } from "./http/same-origin";
import { signInLinkMail, signupConfirmationMail } from "./integrations/mail/auth-mails";
import type { Mailer } from "./integrations/mail/mailer";
import {
  createAuthLibrary,
  SESSION_LIFETIME_SECONDS,
  SESSION_REFRESH_AGE_SECONDS,
  sessionCookieSettings,
} from "./modules/auth/auth-library";
import { authRoutes } from "./modules/auth/routes";
import type { AuthRateLimits } from "./modules/auth/rate-limits";
import { createAuthService } from "./modules/auth/service";
import { createSessionReader } from "./modules/auth/session-reader";
import { devMailRoutes } from "./modules/dev-mail/routes";
import { faqRoutes } from "./modules/faqs/routes";
import { healthRoutes } from "./modules/health/routes";
import { pageRoutes } from "./modules/pages/routes";
import { shopRoutes } from "./modules/shop/routes";

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  authSecret: string;
  authRateLimits?: AuthRateLimits;
  /** false silences the log; a stream receives it as JSON lines (tests read it). */
  logger?: false | { stream: Writable };
}

declare module "fastify" {
  interface FastifyInstance {
    routeBook: RouteBook;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** The whole server: used by main.ts and by every test. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, db, mailer } = deps;
  const logger: FastifyLoggerOptions & { stream?: Writable } = {
    level: config.logLevel,
    serializers: requestLogSerializers,
  };
  if (deps.logger) logger.stream = deps.logger.stream;
  const app = Fastify({
    logger: deps.logger === false ? false : logger,
    trustProxy: trustedProxies(config.trustProxy),
    ...requestIdOptions(Boolean(config.trustProxy)),
    bodyLimit: 256 * 1024,
    frameworkErrors: frameworkErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerRequestIdHeader(app);
  registerSameOriginCheck(app, config.appUrl);
  registerNoStoreForApi(app);

  const auth = createAuthLibrary({
    db,
    secret: deps.authSecret,
    appUrl: config.appUrl,
    useSecureCookies: config.isProduction,
    sendMagicLink: async ({ email, token, purpose }) => {
      const url = `${config.appUrl}/auth/verify?token=${encodeURIComponent(token)}`;
      const mail = purpose === "signup" ? signupConfirmationMail : signInLinkMail;
      await mailer.send(mail(email, url, config.shop.name));
    },
  });
  const authService = createAuthService({
    db,
    auth,
    sessions: createSessionReader({
      db,
      secret: deps.authSecret,
      cookie: await sessionCookieSettings(auth),
      lifetimeSeconds: SESSION_LIFETIME_SECONDS,
      refreshAgeSeconds: SESSION_REFRESH_AGE_SECONDS,
    }),
    rateLimiter: createRateLimiter(db),
    limits: deps.authRateLimits ?? config.authRateLimits,
    secret: deps.authSecret,
    useSecureCookies: config.isProduction,
  });
  const resolveViewer: ViewerResolver = (request) =>
    authService.resolveViewer(request.cookies[authService.sessionCookieName]);
  // Before any route: every route registered from here on declares who may call it.
  app.decorate("routeBook", registerAccessControl(app, resolveViewer));

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "connect-src": ["'self'"],
        "upgrade-insecure-requests": config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: "Vitrine API", version: "0.1.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX });

  await app.register(authRoutes, { authService, resolveViewer });
  await app.register(pageRoutes, { db });
  await app.register(faqRoutes, { db });
  await app.register(shopRoutes, { shop: config.shop });
  await app.register(healthRoutes, { db });
  if (!config.isProduction) await app.register(devMailRoutes, { db });

  await registerWebApp(app, config.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}

/** Fastify's typings lack the number form: N hops means the N closest addresses are proxies. */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

/** Serves the built SPA; any non-API GET that is not a file gets index.html (client routing). */
async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasWebApp = existsSync(path.join(distDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, { root: distDir, wildcard: false, index: false });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === "GET" && !request.url.startsWith("/api/");
    if (hasWebApp && isPageRequest) return reply.header("cache-control", "no-cache").sendFile("index.html");
    return reply.status(404).send({ code: "NOT_FOUND", message: httpMessages.notFound });
  });
}
