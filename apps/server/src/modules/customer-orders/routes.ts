import {
  customerOrderListResponseSchema,
  customerOrderResponseSchema,
  idParamsSchema,
  lastShippingAddressResponseSchema,
  shippingAddressRequestSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { CustomerOrderService } from "./service";

/** Admins are customers too: every route is the signed-in person's own orders. */
const customer = { access: "customer" } as const;

/** The customer area's orders (spec: /customer/orders and /customer/order/{id}). */
export const customerOrderRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<CustomerOrderService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    { config: customer, schema: { response: { 200: customerOrderListResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return service.listOrders(viewer.user.id);
    },
  );

  // A static path: the router matches it before "/:id", whatever the order of registration.
  app.get(
    "/last-address",
    { config: customer, schema: { response: { 200: lastShippingAddressResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return { address: await service.lastShippingAddress(viewer.user.id) };
    },
  );

  app.get(
    "/:id",
    { config: customer, schema: { params: idParamsSchema, response: { 200: customerOrderResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return { order: await service.getOrder(viewer.user.id, request.params.id) };
    },
  );

  app.put(
    "/:id/address",
    {
      config: customer,
      schema: {
        params: idParamsSchema,
        body: shippingAddressRequestSchema,
        response: { 200: customerOrderResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { order: await service.saveShippingAddress(viewer.user.id, request.params.id, request.body) };
    },
  );

  app.post(
    "/:id/reopen",
    { config: customer, schema: { params: idParamsSchema, response: { 200: customerOrderResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return { order: await service.reopenOrder(viewer.user.id, request.params.id) };
    },
  );
};
