import {
  adminPageListResponseSchema,
  adminPageResponseSchema,
  deletedResponseSchema,
  idParamsSchema,
  pageInputSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { PageAdminService } from "./service";

const admin = { access: "admin" } as const;

export const pageAdminRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<PageAdminService>> = async (
  app,
  { service },
) => {
  app.get("", { config: admin, schema: { response: { 200: adminPageListResponseSchema } } }, async () => ({
    pages: await service.listPages(),
  }));

  app.post(
    "",
    { config: admin, schema: { body: pageInputSchema, response: { 201: adminPageResponseSchema } } },
    async (request, reply) => reply.status(201).send({ page: await service.createPage(request.body) }),
  );

  app.put(
    "/:id",
    {
      config: admin,
      schema: { params: idParamsSchema, body: pageInputSchema, response: { 200: adminPageResponseSchema } },
    },
    async (request) => ({ page: await service.updatePage(request.params.id, request.body) }),
  );

  app.delete(
    "/:id",
    { config: admin, schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await service.deletePage(request.params.id);
      return { status: "deleted" as const };
    },
  );
};
