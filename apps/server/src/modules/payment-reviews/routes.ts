import {
  idParamsSchema,
  paymentReviewListQuerySchema,
  paymentReviewListResponseSchema,
  paymentReviewResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { PaymentReviewService } from "./service";

/**
 * Payments taken without moving their order, for staff to refund or accept, and for a late
 * payment to give its pieces back to the payer (admins only).
 */
export const paymentReviewRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<PaymentReviewService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    {
      config: { access: "admin" },
      schema: {
        querystring: paymentReviewListQuerySchema,
        response: { 200: paymentReviewListResponseSchema },
      },
    },
    async (request) => ({ reviews: await service.listOpen(request.query.orderId) }),
  );

  app.post(
    "/:id/refund",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: paymentReviewResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { review: await service.refund(request.params.id, viewer.user.id, request.log) };
    },
  );

  app.post(
    "/:id/accept",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: paymentReviewResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { review: await service.accept(request.params.id, viewer.user.id) };
    },
  );

  app.post(
    "/:id/give-back",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: paymentReviewResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { review: await service.giveBack(request.params.id, viewer.user.id) };
    },
  );
};
