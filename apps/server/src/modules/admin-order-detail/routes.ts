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
import type { AdminOrderDetailService } from "./service";

const admin = { access: "admin" } as const;

/**
 * One order in the back office (spec: /admin/orders/{id}): status, address, lines. Shares its
 * prefix with the orders list and the shipping labels, which own the other routes under it.
 */
export const adminOrderDetailRoutes: FastifyPluginAsyncZod<
  ModuleRouteOptions<AdminOrderDetailService>
> = async (app, { service }) => {
  app.get(
    "/:id",
    {
      config: admin,
      schema: { params: adminOrderParamsSchema, response: { 200: adminOrderResponseSchema } },
    },
    async (request) => ({ order: await service.getOrder(request.params.id) }),
  );

  app.put(
    "/:id/status",
    {
      config: admin,
      schema: {
        params: adminOrderParamsSchema,
        body: adminOrderStatusInputSchema,
        response: { 200: adminOrderResponseSchema },
      },
    },
    async (request) => ({ order: await service.setStatus(request.params.id, request.body.status) }),
  );

  app.put(
    "/:id/address",
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
    "/:id/product-suggestions",
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
    "/:id/items",
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
    "/:id/items/:itemId",
    {
      config: admin,
      schema: { params: adminOrderItemParamsSchema, response: { 200: adminOrderResponseSchema } },
    },
    async (request) => ({ order: await service.deleteItem(request.params.id, request.params.itemId) }),
  );
};
