import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppConfig } from "../config";
import type { Database } from "../db/client";
import type { JobQueue } from "../db/job-queue";
import type { AfterSignedInWrite, ViewerResolver } from "../http/access";
import type { Mailer } from "../integrations/mail/mailer";
import type { LiveHub } from "../realtime/live-hub";
import type { AuthRateLimits } from "../rate-limits";

/** What the app hands every module's service factory; each factory takes only what it uses. */
export interface AppContext {
  config: AppConfig;
  db: Database;
  mailer: Mailer;
  authSecret: string;
  authRateLimits: AuthRateLimits;
  liveHub: LiveHub;
  /** The instance's job runner: a module names its tasks while it is built; the app starts it. */
  jobs: JobQueue;
  /**
   * The app's logger, one child per module (`{ module: name }`): its lines are JSON like the
   * requests' and its errors reach error reporting, where `console` would bypass both.
   */
  log: FastifyBaseLogger;
  /**
   * Epoch milliseconds now, for what the server decides on elapsed time alone (a silent live): a
   * test sets it instead of waiting.
   */
  now: () => number;
}

/** The options every module's routes plugin receives: its own service, nothing else. */
export interface ModuleRouteOptions<Service> {
  service: Service;
}

/**
 * One module of the server, as its `modules/<name>/index.ts` declares it. Routes are written
 * relative to `prefix`; the viewer is read from the request (`request.viewer()`).
 */
export interface ModuleDefinition<Service> {
  name: string;
  /** Where the module's routes live, e.g. "/api/pages"; "" for routes at the root. */
  prefix: string;
  createService: (context: AppContext) => Service | Promise<Service>;
  routes: FastifyPluginAsyncZod<ModuleRouteOptions<Service>>;
  /** Registered only when this says so (development tools). Always registered without it. */
  isEnabled?: (config: AppConfig) => boolean;
  /** The module that owns sessions tells the app who is signed in; exactly one module does. */
  viewerResolver?: (service: Service) => ViewerResolver;
  /**
   * Called by the same module after each request of a signed-in person that may have changed
   * something (not GET, HEAD or OPTIONS), before its answer leaves: what it keeps of sessions must
   * not outlive that change for this person's next request, and what staff change while acting
   * as someone is written to the audit log.
   */
  afterSignedInWrite?: (service: Service) => AfterSignedInWrite;
  /**
   * Work that runs beside requests (a loop, a listener, jobs left by a stopped instance), begun
   * once the app is ready and its job runner started; modules start in the registry's order.
   */
  start?: (service: Service, context: AppContext) => Promise<void> | void;
  /**
   * Ends what `start` began when the app closes, after the requests in flight and before the
   * database pool closes; modules stop in the reverse order.
   */
  stop?: (service: Service) => Promise<void> | void;
}

/** A module whose service is built: ready for the app to register. */
export interface ModuleInstance {
  name: string;
  prefix: string;
  viewerResolver: ViewerResolver | undefined;
  afterSignedInWrite: AfterSignedInWrite | undefined;
  register: (app: FastifyInstance) => Promise<void>;
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

/** A module, with its service type kept inside so the app can hold modules of any service. */
export interface AppModule {
  name: string;
  prefix: string;
  isEnabled: (config: AppConfig) => boolean;
  instantiate: (context: AppContext) => Promise<ModuleInstance>;
}

export function defineModule<Service>(definition: ModuleDefinition<Service>): AppModule {
  return {
    name: definition.name,
    prefix: definition.prefix,
    isEnabled: definition.isEnabled ?? (() => true),
    async instantiate(appContext) {
      const context = { ...appContext, log: appContext.log.child({ module: definition.name }) };
      const service = await definition.createService(context);
      return {
        name: definition.name,
        prefix: definition.prefix,
        viewerResolver: definition.viewerResolver?.(service),
        afterSignedInWrite: definition.afterSignedInWrite?.(service),
        register: async (app) => {
          await app.register(definition.routes, { prefix: definition.prefix, service });
        },
        start: async () => definition.start?.(service, context),
        stop: async () => definition.stop?.(service),
      };
    },
  };
}

/** Starts the modules' background work in the registry's order; a start that fails stops the app. */
export async function startModules(modules: readonly ModuleInstance[]): Promise<void> {
  for (const module of modules) await module.start();
}

/**
 * Stops the modules in the reverse order, so a module stops before those it was started after. A
 * stop that fails is logged and the others still stop: the pool closes next, whatever happened.
 */
export async function stopModules(modules: readonly ModuleInstance[], log: FastifyBaseLogger): Promise<void> {
  for (const module of [...modules].reverse()) {
    await module.stop().catch((error: unknown) => {
      log.error({ err: error, module: module.name }, "a module did not stop cleanly");
    });
  }
}
