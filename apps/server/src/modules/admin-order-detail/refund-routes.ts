import {
  adminOrderParamsSchema,
  adminOrderResponseSchema,
  orderRefundsResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { AdminOrderDetailService } from "./service";

const admin = { access: "admin" } as const;

/** An order's refunds, and "Annuler et rembourser" (decision 033), beside the order's own routes. */
export const orderRefundRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<AdminOrderDetailService>> = async (
  app,
  { service },
) => {
  app.get(
    "/refunds",
    {
      config: admin,
      schema: { params: adminOrderParamsSchema, response: { 200: orderRefundsResponseSchema } },
    },
    async (request) => service.listRefunds(request.params.id),
  );

  app.post(
    "/cancel-and-refund",
    {
      config: admin,
      schema: { params: adminOrderParamsSchema, response: { 200: adminOrderResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { order: await service.cancelAndRefund(request.params.id, viewer.user.id, request.log) };
    },
  );
};
