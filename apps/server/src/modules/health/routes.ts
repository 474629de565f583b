import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleRouteOptions } from "../module";
import type { HealthService } from "./service";

const notReadySchema = z.object({
  status: z.literal("not-ready"),
  reason: z.enum(["DATABASE_UNREACHABLE", "MIGRATIONS_PENDING"]),
});

/**
 * Probes for load balancers, orchestrators and the image's HEALTHCHECK, outside /api (no session).
 * /healthz: the process answers. /readyz: the database answers and has every committed migration,
 * so an instance started against an old schema takes no traffic. Quiet in the logs: they are
 * polled every few seconds.
 */
export const healthRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<HealthService>> = async (
  app,
  { service },
) => {
  app.get(
    "/healthz",
    {
      config: { access: "public" },
      logLevel: "warn",
      schema: { response: { 200: z.object({ status: z.literal("ok") }) } },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      config: { access: "public" },
      logLevel: "warn",
      schema: { response: { 200: z.object({ status: z.literal("ready") }), 503: notReadySchema } },
    },
    async (request, reply) => {
      const readiness = await service.readiness();
      if (readiness.ready) return { status: "ready" as const };
      if (readiness.error) request.log.warn({ err: readiness.error }, "readiness: database check failed");
      return reply.status(503).send({ status: "not-ready", reason: readiness.reason });
    },
  );
};
