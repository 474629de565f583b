import { httpMessages } from "@vitrine/domain";
import type { FastifyInstance } from "fastify";
import { DomainError } from "./errors";
import { isSafeMethod } from "./methods";

/**
 * Refuses a state-changing API call sent by another site's page (the browser's Origin header
 * names a host other than ours). Beside SameSite=Lax cookies and JSON-only bodies, this also
 * stops login CSRF on the sign-in routes, which carry no cookie yet.
 */
export function registerSameOriginCheck(app: FastifyInstance, appUrl: string): void {
  const appHost = new URL(appUrl).host;
  app.addHook("onRequest", async (request) => {
    if (isSafeMethod(request.method) || !request.url.startsWith("/api/")) return;
    const origin = request.headers.origin;
    if (!origin) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = "";
    }
    if (originHost !== appHost && originHost !== request.headers.host) {
      throw new DomainError("FORBIDDEN", httpMessages.forbidden);
    }
  });
}
