import { customerOrderResponseSchema, idParamsSchema, paymentFormResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleRouteOptions } from "../module";
import type { PaymentService } from "./service";

/** Lyra posts its notification as an HTML form would; one field is the signed JSON answer. */
const ipnBodySchema = z.record(z.string(), z.string());
const ipnResponseSchema = z.object({ outcome: z.string() });
const IPN_BODY_LIMIT = 64 * 1024;

/** Card payment of an order (spec: payment_token, payment_callback) and the provider's IPN. */
export const paymentRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<PaymentService>> = async (
  app,
  { service },
) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string", bodyLimit: IPN_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  app.post(
    "/orders/:id/form-token",
    {
      config: { access: "customer" },
      schema: { params: idParamsSchema, response: { 200: paymentFormResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { payment: await service.createPaymentForm(viewer.user, request.params.id, request.log) };
    },
  );

  app.post(
    "/orders/:id/check",
    {
      config: { access: "customer" },
      schema: { params: idParamsSchema, response: { 200: customerOrderResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { order: await service.checkPayment(viewer.user.id, request.params.id, request.log) };
    },
  );

  app.post(
    "/ipn",
    {
      config: { access: "public" },
      schema: { body: ipnBodySchema, response: { 200: ipnResponseSchema, 400: ipnResponseSchema } },
    },
    async (request, reply) => {
      const outcome = await service.receiveNotification(request.body);
      if (outcome === "forged") {
        request.log.warn({ outcome }, "payment notification with a wrong signature ignored");
        return reply.status(400).send({ outcome });
      }
      if (outcome !== "paid") request.log.warn({ outcome }, "payment notification changed nothing");
      return { outcome };
    },
  );
};
