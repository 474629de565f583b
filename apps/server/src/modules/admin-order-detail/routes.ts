import {
  addOrderItemInputSchema,
  adminOrderAddressInputSchema,
  adminOrderItemParamsSchema,
  adminOrderParamsSchema,
  adminOrderResponseSchema,
  adminOrderStatusInputSchema,
  productSuggestionsQuerySchema,
  productSuggestionsResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import { orderRefundRoutes } from "./refund-routes";
import type { AdminOrderDetailService } from "./service";

const admin = { access: "admin" } as const;

/**
 * One order in the back office (spec: /admin/orders/{id}): status, address, lines. The order's
 * id is part of the module's prefix; its label has a prefix of its own below it.
 */
export const adminOrderDetailRoutes: FastifyPluginAsyncZod<
  ModuleRouteOptions<AdminOrderDetailService>
> = async (app, { service }) => {
  app.get(
    "",
    {
      config: admin,
      schema: { params: adminOrderParamsSchema, response: { 200: adminOrderResponseSchema } },
    },
    async (request) => ({ order: await service.getOrder(request.params.id) }),
  );

  app.put(
    "/status",
    {
      config: admin,
      schema: {
        params: adminOrderParamsSchema,
        body: adminOrderStatusInputSchema,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return {
        order: await service.setStatus(request.params.id, request.body.status, viewer.user.id, request.log),
      };
    },
  );

  app.put(
    "/address",
    {
      config: admin,
      schema: {
        params: adminOrderParamsSchema,
        body: adminOrderAddressInputSchema,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (request) => ({ order: await service.updateAddress(request.params.id, request.body) }),
  );

  app.get(
    "/product-suggestions",
    {
      config: admin,
      schema: {
        params: adminOrderParamsSchema,
        querystring: productSuggestionsQuerySchema,
        response: { 200: productSuggestionsResponseSchema },
      },
    },
    async (request) => service.suggestProducts(request.params.id, request.query.ref),
  );

  app.post(
    "/items",
    {
      config: admin,
      schema: {
        params: adminOrderParamsSchema,
        body: addOrderItemInputSchema,
        response: { 201: adminOrderResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ order: await service.addItem(request.params.id, request.body.productId) }),
  );

  app.delete(
    "/items/:itemId",
    {
      config: admin,
      schema: { params: adminOrderItemParamsSchema, response: { 200: adminOrderResponseSchema } },
    },
    async (request) => ({ order: await service.deleteItem(request.params.id, request.params.itemId) }),
  );

  await app.register(orderRefundRoutes, { service });
};
