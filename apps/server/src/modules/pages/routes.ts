import {
  contentPageResponseSchema,
  pageCodeParamsSchema,
  publishedPagesResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { PageService } from "./service";

export const pageRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<PageService>> = async (
  app,
  { service },
) => {
  app.get(
    "/",
    { config: { access: "public" }, schema: { response: { 200: publishedPagesResponseSchema } } },
    async () => ({ pages: await service.listPublishedPages() }),
  );

  app.get(
    "/:code",
    {
      config: { access: "public" },
      schema: { params: pageCodeParamsSchema, response: { 200: contentPageResponseSchema } },
    },
    async (request) => ({ page: await service.getActivePage(request.params.code) }),
  );
};
