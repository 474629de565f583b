import { customerOrderResponseSchema, idParamsSchema, paymentFormResponseSchema } from "@vitrine/domain";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, type FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ModuleRouteOptions } from "../module";
import type { PaymentService } from "./service";

/** Lyra posts its notification as an HTML form would; one field is the signed JSON answer. */
const ipnBodySchema = z.record(z.string(), z.string());
const ipnResponseSchema = z.object({ outcome: z.string() });
const IPN_BODY_LIMIT = 64 * 1024;
const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";

/** A notification that is no form of distinct text fields: refused before anything reads it. */
class MalformedNotificationError extends Error {
  readonly statusCode = 400;
}

/** The form's fields; a field given twice is refused (which of the two would the signature cover?). */
function formFields(body: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new URLSearchParams(body)) {
    if (Object.hasOwn(fields, name)) throw new MalformedNotificationError(`field ${name} given twice`);
    fields[name] = value;
  }
  return fields;
}

/**
 * Anything the notification URL cannot read (another content type, a body that is no form, too
 * large, a field given twice) gets one small answer; the provider's own failures stay 5xx.
 */
function malformedNotification(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  if (status >= 500 && !hasZodFastifySchemaValidationErrors(error)) throw error;
  request.log.warn({ reason: error.message }, "malformed payment notification refused");
  return reply.status(400).send({ outcome: "malformed" });
}

/** Card payment of an order (spec: payment_token, payment_callback) and the provider's IPN. */
export const paymentRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<PaymentService>> = async (
  app,
  { service },
) => {
  app.addContentTypeParser(
    FORM_CONTENT_TYPE,
    { parseAs: "string", bodyLimit: IPN_BODY_LIMIT },
    (_request, body, done) => {
      try {
        done(null, formFields(String(body)));
      } catch (error) {
        done(error instanceof Error ? error : new MalformedNotificationError(String(error)), undefined);
      }
    },
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
      // JSON or text would pass the body's schema once parsed; Lyra only ever posts a form.
      preValidation: async (request) => {
        if (!request.headers["content-type"]?.toLowerCase().startsWith(FORM_CONTENT_TYPE)) {
          throw new MalformedNotificationError("not a form");
        }
      },
      errorHandler: malformedNotification,
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
