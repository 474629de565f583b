import {
  pushKeyResponseSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { CustomerNoticesService } from "./service";

const customer = { access: "customer" } as const;

/** Web push for the signed-in customer (packages/domain/src/api/push.ts). */
export const customerPushRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<CustomerNoticesService>> = async (
  app,
  { service },
) => {
  app.get(
    "/key",
    { config: customer, schema: { response: { 200: pushKeyResponseSchema } } },
    async (request) => {
      await request.requireViewer();
      return { publicKey: await service.publicKey() };
    },
  );

  app.post(
    "/subscriptions",
    { config: customer, schema: { body: pushSubscriptionRequestSchema } },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await service.subscribe(viewer.user.id, request.body);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/subscriptions",
    { config: customer, schema: { body: pushUnsubscribeRequestSchema } },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      await service.unsubscribe(viewer.user.id, request.body.endpoint);
      return reply.status(204).send();
    },
  );
};
