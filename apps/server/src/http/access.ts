import { authMessages, type SessionUser } from "@vitrine/domain";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { DomainError } from "./errors";

/** Who may call a route. Every /api route declares one in `config.access`. */
export type Access = "public" | "customer" | "admin";

export interface Viewer {
  user: SessionUser;
  authUserId: string;
  sessionId: string;
  /** Set when the sliding session was extended: sent back so the cookie lives on too. */
  refreshedCookies: string[];
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    viewerPromise: Promise<Viewer | null> | null;
  }
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

export type ViewerResolver = (request: FastifyRequest) => Promise<Viewer | null>;

const UNDECLARED_PREFIXES = ["/api/docs"];

/**
 * Installs the one auth model: a route without `config.access` refuses to register, and a guard
 * runs before every handler. Returns the list of declared routes (used by the matrix test).
 */
export function registerAccessControl(app: FastifyInstance, resolveViewer: ViewerResolver) {
  const declared: DeclaredRoute[] = [];
  app.decorateRequest("viewerPromise", null);

  app.addHook("onSend", async (request, reply) => {
    const viewer = request.viewerPromise ? await request.viewerPromise.catch(() => null) : null;
    if (viewer?.refreshedCookies.length && !reply.hasHeader("set-cookie")) {
      reply.header("set-cookie", viewer.refreshedCookies);
    }
  });

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/") || UNDECLARED_PREFIXES.some((p) => route.url.startsWith(p))) {
      return;
    }
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} must declare config.access`);
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method !== "HEAD") declared.push({ method, url: route.url, access });
    }
    if (access === "public") return;
    const guard = async (request: FastifyRequest) => {
      const viewer = await getViewer(request, resolveViewer);
      if (!viewer) throw new DomainError("UNAUTHENTICATED", authMessages.unauthenticated);
      if (access === "admin" && !viewer.user.isAdmin) {
        throw new DomainError("FORBIDDEN", authMessages.forbidden);
      }
    };
    // onRequest, before body parsing and validation: an unauthorized caller gets 401/403, never a
    // 400 that would describe a protected route's body.
    const existing = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [guard, ...existing];
  });

  return declared;
}

/** The signed-in person of this request, resolved once. */
export function getViewer(request: FastifyRequest, resolveViewer: ViewerResolver) {
  request.viewerPromise ??= resolveViewer(request);
  return request.viewerPromise;
}

/** For handlers behind a customer or admin guard, where a viewer is certain. */
export async function requireViewer(request: FastifyRequest, resolveViewer: ViewerResolver) {
  const viewer = await getViewer(request, resolveViewer);
  if (!viewer) throw new DomainError("UNAUTHENTICATED", authMessages.unauthenticated);
  return viewer;
}
