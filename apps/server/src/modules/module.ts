import type { FastifyInstance } from "fastify";
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
}

/** A module whose service is built: ready for the app to register. */
export interface ModuleInstance {
  name: string;
  prefix: string;
  viewerResolver: ViewerResolver | undefined;
  afterSignedInWrite: AfterSignedInWrite | undefined;
  register: (app: FastifyInstance) => Promise<void>;
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
    async instantiate(context) {
      const service = await definition.createService(context);
      return {
        name: definition.name,
        prefix: definition.prefix,
        viewerResolver: definition.viewerResolver?.(service),
        afterSignedInWrite: definition.afterSignedInWrite?.(service),
        register: async (app) => {
          await app.register(definition.routes, { prefix: definition.prefix, service });
        },
      };
    },
  };
}
