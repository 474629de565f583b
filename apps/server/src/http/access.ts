import { httpMessages, type SessionUser } from "@vitrine/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DomainError } from "./errors";
import { isSafeMethod } from "./methods";

/** Who may call a route. Every /api route declares one in `config.access`. */
export type Access = "public" | "customer" | "admin";

export interface Viewer {
  user: SessionUser;
  authUserId: string;
  sessionId: string;
  /** Set while an administrator acts as this person: never an admin session, whoever the person is. */
  impersonation: { adminAuthUserId: string; expiresAt: Date } | null;
  /** Set when the sliding session was extended: sent back so the cookie lives on too. */
  refreshedCookies: string[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in person of this request, or null; resolved once per request. */
    viewer(): Promise<Viewer | null>;
    /** For handlers behind a customer or admin guard, where a viewer is certain. */
    requireViewer(): Promise<Viewer>;
    viewerPromise: Promise<Viewer | null> | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** The route's body schema, so the authorization matrix can call it with a valid body. */
  bodySchema: unknown;
  /** The route's query schema, so tests can send each of its parameters. */
  querySchema: unknown;
}

export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer | null>;

/** A state-changing request a signed-in person made, told once its answer is ready. */
export interface SignedInWrite {
  viewer: Viewer;
  method: string;
  /** The route as declared ("/api/customer/orders/:id/address"), or the path when none matched. */
  route: string;
  statusCode: number;
}

export type AfterSignedInWrite = (write: SignedInWrite) => void | Promise<void>;

/** The prefix under which @fastify/swagger-ui registers the API documentation's own routes. */
export const API_DOCS_PREFIX = "/api/docs";

/**
 * Routes that belong to a framework plugin rather than to the app: the built web app's files
 * (@fastify/static marks each with `config.file`) and the documentation UI, registered under
 * exactly the docs prefix. Everything else must declare its access.
 */
export function isFrameworkRoute(route: { url: string; prefix?: string; config?: unknown }): boolean {
  const config = route.config as { file?: unknown } | undefined;
  if (typeof config?.file === "string") return true;
  return route.prefix === API_DOCS_PREFIX;
}

/** Every route the access hook saw: the app's, with their access, and the framework plugins'. */
export interface RouteBook {
  declared: DeclaredRoute[];
  framework: { method: string; url: string }[];
}

function methodsOf(route: { method: string | string[] }): string[] {
  return [route.method].flat().filter((method) => method !== "HEAD");
}

/**
 * Installs the one auth model: a route without `config.access` refuses to register, and a guard
 * runs before every handler. Must be installed before any route (buildApp does it first; the
 * authorization-matrix test checks the router holds no route this hook did not see).
 */
export function registerAccessControl(
  app: FastifyInstance,
  resolveViewer: ViewerResolver,
  { afterSignedInWrite }: { afterSignedInWrite?: AfterSignedInWrite } = {},
): RouteBook {
  const book: RouteBook = { declared: [], framework: [] };
  app.decorateRequest("viewerPromise", null);
  app.decorateRequest("viewer", function (this: FastifyRequest) {
    this.viewerPromise ??= resolveViewer(this);
    return this.viewerPromise;
  });
  app.decorateRequest("requireViewer", async function (this: FastifyRequest) {
    const viewer = await this.viewer();
    if (!viewer) throw new DomainError("UNAUTHENTICATED", httpMessages.unauthenticated);
    return viewer;
  });

  app.addHook("onSend", async (request, reply) => {
    const viewer = request.viewerPromise ? await request.viewerPromise.catch(() => null) : null;
    if (viewer?.refreshedCookies.length && !reply.hasHeader("set-cookie")) {
      reply.header("set-cookie", viewer.refreshedCookies);
    }
    if (viewer && !isSafeMethod(request.method)) {
      // The change is made: what follows it (a line of the audit log) cannot take it back.
      await Promise.resolve(
        afterSignedInWrite?.({
          viewer,
          method: request.method,
          route: request.routeOptions.url ?? request.url.split("?")[0] ?? request.url,
          statusCode: reply.statusCode,
        }),
      ).catch((error: unknown) => request.log.error({ err: error }, "after a signed-in write"));
    }
  });

  app.addHook("onRoute", (route) => {
    if (isFrameworkRoute(route)) {
      for (const method of methodsOf(route)) book.framework.push({ method, url: route.url });
      return;
    }
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
    for (const method of methodsOf(route)) {
      book.declared.push({
        method,
        url: route.url,
        access,
        bodySchema: route.schema?.body,
        querySchema: route.schema?.querystring,
      });
    }
    if (access === "public") return;
    const guard = async (request: FastifyRequest) => {
      const viewer = await request.viewer();
      if (!viewer) throw new DomainError("UNAUTHENTICATED", httpMessages.unauthenticated);
      if (access === "admin" && !viewer.user.isAdmin) {
        throw new DomainError("FORBIDDEN", httpMessages.forbidden);
      }
    };
    // onRequest, before body parsing and validation: an unauthorized caller gets 401/403, never a
    // 400 that would describe a protected route's body.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...existing];
  });

  return book;
}
