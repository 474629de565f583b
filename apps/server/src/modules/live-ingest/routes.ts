import {
  LIVE_INGEST_MAX_BODY_BYTES,
  liveIngestRequestSchema,
  liveIngestResponseSchema,
  liveSellingMessages,
  liveSourceGapRequestSchema,
  liveSourceGapResponseSchema,
  liveSourceStatusRequestSchema,
  liveSourceStatusResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { DomainError } from "../../http/errors";
import type { ModuleRouteOptions } from "../module";
import { INGEST_RETRY_AFTER_SECONDS, type LiveIngestService } from "./service";

/**
 * Live sources post here (TikTok bridge, simulator). Public to the session guard (a source has no
 * session): each request carries `Authorization: Bearer <LIVE_INGEST_TOKEN>` instead.
 */
export const liveIngestRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LiveIngestService>> = async (
  app,
  { service },
) => {
  // Before the body is parsed: a caller without the token learns nothing of the body's shape.
  app.addHook("onRequest", async (request) => {
    if (!service.isAuthorized(request.headers.authorization)) {
      throw new DomainError("INGEST_TOKEN_INVALID", liveSellingMessages.ingestUnauthorized);
    }
  });

  app.post(
    "/events",
    {
      // The events' texts are cleaned one by one (toStorableEvent); liveRef is refused as anywhere.
      config: { access: "public", cleansUnstorableTextIn: ["events"] },
      // 500 events of the largest size the contract accepts (3.5 kB is a real TikTok chat event).
      bodyLimit: LIVE_INGEST_MAX_BODY_BYTES,
      schema: { body: liveIngestRequestSchema, response: { 200: liveIngestResponseSchema } },
    },
    async (request, reply) => {
      try {
        return await service.ingest(request.body);
      } catch (error) {
        if (error instanceof DomainError && error.code === "INGEST_BUSY") {
          reply.header("retry-after", String(INGEST_RETRY_AFTER_SECONDS));
        }
        throw error;
      }
    },
  );

  app.post(
    "/status",
    {
      config: { access: "public" },
      schema: { body: liveSourceStatusRequestSchema, response: { 200: liveSourceStatusResponseSchema } },
    },
    async (request) => ({ source: await service.reportStatus(request.body) }),
  );

  // A cut in the source's connection, reported once it is back (the live's page lists them).
  app.post(
    "/gaps",
    {
      config: { access: "public" },
      schema: { body: liveSourceGapRequestSchema, response: { 200: liveSourceGapResponseSchema } },
    },
    async (request) => ({ gap: await service.reportGap(request.body) }),
  );
};
