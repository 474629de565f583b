import {
  deletedResponseSchema,
  faqInputSchema,
  faqListResponseSchema,
  faqMoveRequestSchema,
  faqResponseSchema,
  idParamsSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { FaqAdminService } from "./service";

const admin = { access: "admin" } as const;

export const faqAdminRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<FaqAdminService>> = async (
  app,
  { service },
) => {
  app.get("", { config: admin, schema: { response: { 200: faqListResponseSchema } } }, async () => ({
    faqs: await service.listFaqs(),
  }));

  app.post(
    "",
    { config: admin, schema: { body: faqInputSchema, response: { 201: faqResponseSchema } } },
    async (request, reply) => reply.status(201).send({ faq: await service.createFaq(request.body) }),
  );

  app.put(
    "/:id",
    {
      config: admin,
      schema: { params: idParamsSchema, body: faqInputSchema, response: { 200: faqResponseSchema } },
    },
    async (request) => ({ faq: await service.updateFaq(request.params.id, request.body) }),
  );

  app.delete(
    "/:id",
    { config: admin, schema: { params: idParamsSchema, response: { 200: deletedResponseSchema } } },
    async (request) => {
      await service.deleteFaq(request.params.id);
      return { status: "deleted" as const };
    },
  );

  app.post(
    "/:id/move",
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: faqMoveRequestSchema,
        response: { 200: faqListResponseSchema },
      },
    },
    async (request) => ({ faqs: await service.moveFaq(request.params.id, request.body.direction) }),
  );
};
