import { auditEventListQuerySchema, auditEventListResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { AuditEventService } from "./service";

/** The audit log: impersonations, rights changes, merges (admins only). */
export const auditEventRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<AuditEventService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    {
      config: { access: "admin" },
      schema: { querystring: auditEventListQuerySchema, response: { 200: auditEventListResponseSchema } },
    },
    async (request) => service.listEvents(request.query.page),
  );
};
