import type { FastifyInstance } from "fastify";

/**
 * API answers describe a person (their session, their orders) or change with every write: no
 * browser or proxy cache may keep them. Static files keep their own caching rules.
 */
export function registerNoStoreForApi(app: FastifyInstance): void {
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/api/") && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });
}
