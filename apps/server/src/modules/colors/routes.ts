import {
  colorDeletedResponseSchema,
  colorIdParamsSchema,
  colorInputSchema,
  colorListResponseSchema,
  colorResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ColorService } from "./service";

/** Product colours (spec: /admin/colors). */
export const colorRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ColorService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    { config: { access: "admin" }, schema: { response: { 200: colorListResponseSchema } } },
    async () => ({ colors: await service.listColors() }),
  );

  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { body: colorInputSchema, response: { 201: colorResponseSchema } },
    },
    async (request, reply) => reply.status(201).send({ color: await service.createColor(request.body) }),
  );

  app.put(
    "/:id",
    {
      config: { access: "admin" },
      schema: { params: colorIdParamsSchema, body: colorInputSchema, response: { 200: colorResponseSchema } },
    },
    async (request) => ({ color: await service.updateColor(request.params.id, request.body) }),
  );

  app.delete(
    "/:id",
    {
      config: { access: "admin" },
      schema: { params: colorIdParamsSchema, response: { 200: colorDeletedResponseSchema } },
    },
    async (request) => {
      await service.deleteColor(request.params.id);
      return { deleted: true as const };
    },
  );
};
