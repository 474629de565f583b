import { sendMessageRequestSchema, sendMessageResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { AdminMessageService } from "./service";

/** Messages written in the back office (the send-message dialog, the orders' bulk message). */
export const adminMessageRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<AdminMessageService>> = async (
  app,
  { service },
) => {
  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { body: sendMessageRequestSchema, response: { 200: sendMessageResponseSchema } },
    },
    async (request) =>
      service.sendMessage(request.body, (error) =>
        request.log.warn({ err: error }, "a message was not sent"),
      ),
  );
};
