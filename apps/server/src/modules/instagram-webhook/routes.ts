import {
  INSTAGRAM_WEBHOOK_MAX_BODY_BYTES,
  instagramWebhookDeliveryResponseSchema,
  instagramWebhookVerifyQuerySchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DomainError } from "../../http/errors";
import type { ModuleRouteOptions } from "../module";
import { INGEST_RETRY_AFTER_SECONDS } from "../live-ingest";
import type { InstagramWebhookService } from "./service";

/**
 * Meta's webhook for an Instagram professional account's live comments (field `live_comments`).
 * Public to the session guard (Meta has no session): the handshake checks the verify token, a
 * delivery its signature.
 */
export const instagramWebhookRoutes: FastifyPluginAsyncZod<
  ModuleRouteOptions<InstagramWebhookService>
> = async (app, { service }) => {
  // The signature covers the body's exact bytes: in this module only, JSON is kept as the text
  // received, and parsed once the signature is checked.
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: INSTAGRAM_WEBHOOK_MAX_BODY_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    "/",
    {
      config: { access: "public" },
      schema: { querystring: instagramWebhookVerifyQuerySchema, response: { 200: z.string() } },
    },
    async (request, reply) => {
      const query = request.query;
      const challenge = service.verify(query["hub.mode"], query["hub.verify_token"], query["hub.challenge"]);
      return reply.type("text/plain; charset=utf-8").send(challenge);
    },
  );

  app.post(
    "/",
    {
      config: { access: "public" },
      bodyLimit: INSTAGRAM_WEBHOOK_MAX_BODY_BYTES,
      schema: { body: z.string(), response: { 200: instagramWebhookDeliveryResponseSchema } },
    },
    async (request, reply) => {
      try {
        return await service.receive(request.body, request.headers["x-hub-signature-256"]?.toString());
      } catch (error) {
        // As for the bridges: Meta sends the delivery again a moment later.
        if (error instanceof DomainError && error.code === "INGEST_BUSY") {
          reply.header("retry-after", String(INGEST_RETRY_AFTER_SECONDS));
        }
        throw error;
      }
    },
  );
};
