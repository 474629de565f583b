import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies...) on every response, its
 * middleware built once from the options. @fastify/helmet builds it again on every request, the
 * content security policy parsed each time: a few per cent of a small API answer's cost (decision 027).
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const setSecurityHeaders = helmet(options);
  app.addHook("onRequest", (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
}
