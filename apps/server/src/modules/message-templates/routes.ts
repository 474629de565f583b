import {
  idParamsSchema,
  mailSentResponseSchema,
  messageTemplateInputSchema,
  messageTemplateListResponseSchema,
  messageTemplateResponseSchema,
  templateTestRequestSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { MessageTemplateService } from "./service";

const admin = { access: "admin" } as const;

export const messageTemplateRoutes: FastifyPluginAsyncZod<
  ModuleRouteOptions<MessageTemplateService>
> = async (app, { service }) => {
  app.get(
    "",
    { config: admin, schema: { response: { 200: messageTemplateListResponseSchema } } },
    async () => ({ templates: await service.listTemplates() }),
  );

  app.post(
    "",
    {
      config: admin,
      schema: { body: messageTemplateInputSchema, response: { 201: messageTemplateResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ template: await service.createTemplate(request.body) }),
  );

  app.put(
    "/:id",
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: messageTemplateInputSchema,
        response: { 200: messageTemplateResponseSchema },
      },
    },
    async (request) => ({ template: await service.updateTemplate(request.params.id, request.body) }),
  );

  app.post(
    "/:id/test",
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: templateTestRequestSchema,
        response: { 202: mailSentResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await service.sendTest(request.params.id, request.body.email, viewer.user.id);
      return reply.status(202).send({ status: "sent" as const });
    },
  );
};
