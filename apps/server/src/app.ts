import fastifyCookie from "@fastify/cookie";
import { httpMessages, type BrowserErrorReporting } from "@vitrine/domain";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from "fastify";
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import type { AppConfig } from "./config";
import type { Database } from "./db/client";
import { createJobQueue, type JobQueue } from "./db/job-queue";
import { scheduleMaintenance } from "./maintenance";
import type { ErrorReporter } from "./error-reporting";
import { API_DOCS_PREFIX, registerAccessControl, type RouteBook } from "./http/access";
import { frameworkErrorHandler, registerErrorHandling } from "./http/errors";
import { registerNoStoreForApi } from "./http/no-store";
import {
  answeredUrlsOf,
  encodePage,
  precompressedPage,
  withAnswers,
  withErrorReporting,
  type PageAnswer,
} from "./http/page-preloads";
import { requestLogSerializers } from "./http/request-log";
import { registerStorableTextCheck } from "./http/storable-text";
import { responseSerializerCompiler } from "./http/response-serializer";
import { registerRequestIdHeader, requestIdOptions } from "./http/request-id";
import { registerSameOriginCheck } from "./http/same-origin";
import { registerSecurityHeaders } from "./http/security-headers";
import type { Mailer } from "./integrations/mail/mailer";
import { appModules } from "./modules/app-modules";
import type { AuthRateLimits } from "./rate-limits";
import { startModules, stopModules, type AppContext, type ModuleInstance } from "./modules/module";
import type { LiveHub } from "./realtime/live-hub";
import { createPgLiveHub } from "./realtime/pg-live-hub";

export interface AppDependencies {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  authSecret: string;
  authRateLimits?: AuthRateLimits;
  /** The real-time fan-out; a silent one without it. Tests pass one that records. */
  liveHub?: LiveHub;
  /** false silences the log; a stream receives it as JSON lines (tests read it). */
  logger?: false | { stream: Writable };
  /** Receives the routes' unexpected failures (Sentry when SENTRY_DSN is set, see main.ts). */
  errorReporter?: ErrorReporter;
  /** The clock the services that decide on elapsed time read; the wall clock without it. */
  clock?: () => number;
}

declare module "fastify" {
  interface FastifyInstance {
    routeBook: RouteBook;
    /** The app's live-selling fan-out, also what tests publish through. */
    liveHub: LiveHub;
    /** The instance's job runner: its tasks and crontab, for the tests that check them. */
    jobs: JobQueue;
  }
}

const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../web/dist", import.meta.url));

/** The whole server: used by main.ts and by every test. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config } = deps;
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
  app.setSerializerCompiler(responseSerializerCompiler({ checkResponses: config.env === "test" }));
  registerErrorHandling(app, deps.errorReporter);
  registerRequestIdHeader(app);
  registerSameOriginCheck(app, config.appUrl);
  registerNoStoreForApi(app);
  registerStorableTextCheck(app);

  // Live selling's fan-out: listening before any module can publish.
  let liveHub: LiveHub;
  if (deps.liveHub) liveHub = deps.liveHub;
  else {
    const pgHub = createPgLiveHub({ pool: deps.db.$client, log: (message) => app.log.warn(message) });
    await pgHub.start();
    app.addHook("onClose", async () => pgHub.close());
    liveHub = pgHub;
  }
  app.decorate("liveHub", liveHub);

  const jobs = createJobQueue({ pool: deps.db.$client, log: (message) => app.log.warn(message) });
  scheduleMaintenance(jobs, deps.db);
  app.decorate("jobs", jobs);
  const context: AppContext = {
    config,
    db: deps.db,
    mailer: deps.mailer,
    authSecret: deps.authSecret,
    authRateLimits: deps.authRateLimits ?? config.authRateLimits,
    liveHub,
    jobs,
    log: app.log,
    now: deps.clock ?? Date.now,
  };
  const modules = await Promise.all(
    appModules.filter((module) => module.isEnabled(config)).map((module) => module.instantiate(context)),
  );
  // Before any route: every route registered from here on declares who may call it.
  const viewers = theViewerModule(modules);
  app.decorate(
    "routeBook",
    registerAccessControl(app, viewers.viewerResolver, { afterSignedInWrite: viewers.afterSignedInWrite }),
  );

  await app.register(fastifyCookie);
  // Lyra's card form is its own script, styles and frames, served from its hosts.
  const paymentHosts = config.lyra ? [config.lyra.staticUrl, config.lyra.apiUrl] : [];
  // The pages send their error reports to Sentry's host (VITE_SENTRY_DSN).
  const reportingHosts = config.browserSentryDsn ? [new URL(config.browserSentryDsn).origin] : [];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", ...paymentHosts],
        "style-src": ["'self'", "'unsafe-inline'", ...paymentHosts],
        "img-src": ["'self'", "data:", "https:"],
        "connect-src": ["'self'", ...paymentHosts, ...reportingHosts],
        "frame-src": ["'self'", ...paymentHosts],
        "upgrade-insecure-requests": config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
  });
  // A map of every route and its fields is a gift to whoever probes a shop: opt-in in production.
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: { info: { title: "Vitrine API", version: "0.1.0" } },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: API_DOCS_PREFIX });
  }

  for (const module of modules) await module.register(app);
  // Every module has named its tasks by now. The modules' work stops before the runner, and both
  // before the pool they borrow from (closed by whoever opened it, once the app has closed).
  app.addHook("onReady", async () => {
    jobs.start();
    await startModules(modules);
  });
  app.addHook("onClose", async () => {
    await stopModules(modules, app.log);
    await jobs.stop();
  });

  await registerWebApp(
    app,
    config.webDistDir ?? DEFAULT_WEB_DIST,
    config.browserSentryDsn ? { dsn: config.browserSentryDsn, environment: config.env } : undefined,
  );
  return app;
}

/** Exactly one module owns sessions; without it every guarded route would fail at run time. */
function theViewerModule(modules: ModuleInstance[]) {
  const resolvers = modules.flatMap(({ viewerResolver, afterSignedInWrite }) =>
    viewerResolver ? [{ viewerResolver, afterSignedInWrite }] : [],
  );
  const [resolver] = resolvers;
  if (!resolver || resolvers.length > 1) {
    throw new Error(`exactly one module must resolve viewers, found ${resolvers.length}`);
  }
  return resolver;
}

/** Fastify's typings lack the number form: N hops means the N closest addresses are proxies. */
function trustedProxies(setting: AppConfig["trustProxy"]) {
  if (typeof setting !== "number") return setting;
  return (_address: string, hop: number) => hop < setting;
}

/**
 * Files under assets/ carry their content's hash in their name: a new build gives new names, so
 * browsers may keep them for a year without asking. Anything else is checked on every use.
 */
export function cacheControlFor(relativePath: string): string {
  return relativePath.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache";
}

/**
 * Serves the built SPA; any non-API GET that is not a file gets index.html (client routing), with
 * the pages' error reporting settings written in when VITE_SENTRY_DSN is set.
 */
async function registerWebApp(app: FastifyInstance, distDir: string, errorReporting?: BrowserErrorReporting) {
  const hasWebApp = existsSync(path.join(distDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (vite.config.ts): sent in place of the
      // file to a browser that accepts them, never routes of their own (two routes per file
      // registered at start-up, for half the files of the folder).
      preCompressed: true,
      globIgnore: ["**/*.br", "**/*.gz"],
      cacheControl: false,
      setHeaders: (response, filePath) => {
        response.header("cache-control", cacheControlFor(path.relative(distDir, filePath)));
      },
    });
  }
  const builtHtml = hasWebApp ? readFileSync(path.join(distDir, "index.html"), "utf8") : "";
  const indexHtml = errorReporting ? withErrorReporting(builtHtml, errorReporting) : builtHtml;
  // Without settings to write in, the build's own precompressed index.html is sent as it is.
  const settingsPage = errorReporting ? precompressedPage(indexHtml) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isPageRequest = request.method === "GET" && !request.url.startsWith("/api/");
    if (hasWebApp && isPageRequest) {
      const urls = answeredUrlsOf(new URL(request.url, "http://page").pathname);
      if (!urls) {
        reply.header("cache-control", "no-cache");
        if (!settingsPage) return reply.sendFile("index.html");
        const page = settingsPage(String(request.headers["accept-encoding"] ?? ""));
        reply.type("text/html; charset=utf-8").header("vary", "accept-encoding");
        if (page.encoding) reply.header("content-encoding", page.encoding);
        return reply.send(page.body);
      }
      // The page carries this visitor's own answers: never kept by a shared cache.
      reply.header("cache-control", "private, no-cache").header("vary", "accept-encoding, cookie");
      const answers = new Map<string, PageAnswer>();
      const preloads: string[] = [];
      const headers = {
        accept: "application/json",
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
      };
      await Promise.all(
        urls.map(async (url) => {
          const answer = await app.inject({ method: "GET", url, remoteAddress: request.ip, headers }).then(
            (response) => {
              // A refreshed session cookie reaches the browser with the page, as with its own fetch.
              const setCookie = response.headers["set-cookie"];
              if (setCookie) reply.header("set-cookie", setCookie);
              return { status: response.statusCode, body: parseJson(response.body) };
            },
            () => undefined,
          );
          // A server failure is left to the app's own fetch, which retries it as usual.
          if (!answer || answer.status >= 500) preloads.push(url);
          else answers.set(url, answer);
        }),
      );
      const page = encodePage(
        withAnswers(indexHtml, answers, preloads),
        String(request.headers["accept-encoding"] ?? ""),
      );
      reply.type("text/html; charset=utf-8");
      if (page.encoding) reply.header("content-encoding", page.encoding);
      return reply.send(page.body);
    }
    return reply.status(404).send({ code: "NOT_FOUND", message: httpMessages.notFound });
  });
}

function parseJson(text: string): unknown {
  if (text.length === 0) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed;
  } catch {
    return null;
  }
}
