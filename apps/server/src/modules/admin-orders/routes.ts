import {
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  newOrderResponseSchema,
  bulkOrderStatusInputSchema,
  bulkOrderStatusResponseSchema,
  newOrderInputSchema,
  userChoicesQuerySchema,
  userChoicesResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { AdminOrderService } from "./service";

/**
 * The back office's orders list (spec: /admin/orders): filtered pages, new order, bulk status, and
 * the people to choose from. One order's own routes (/:id...) belong to admin-order-detail.
 */
export const adminOrderRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<AdminOrderService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    {
      config: { access: "admin" },
      schema: { querystring: adminOrderListQuerySchema, response: { 200: adminOrderListResponseSchema } },
    },
    async (request) => service.listOrders(request.query),
  );

  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { body: newOrderInputSchema, response: { 201: newOrderResponseSchema } },
    },
    async (request, reply) => reply.status(201).send({ order: await service.createOrder(request.body) }),
  );

  app.post(
    "/bulk-status",
    {
      config: { access: "admin" },
      schema: { body: bulkOrderStatusInputSchema, response: { 200: bulkOrderStatusResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return service.setStatuses(
        request.body.orderIds,
        request.body.status,
        { userId: viewer.user.id, log: request.log },
        (orderId, err) => request.log.error({ err, orderId }, "order status change failed"),
      );
    },
  );

  app.get(
    "/user-choices",
    {
      config: { access: "admin" },
      schema: { querystring: userChoicesQuerySchema, response: { 200: userChoicesResponseSchema } },
    },
    async (request) => ({ users: await service.listUserChoices(request.query) }),
  );
};
