import {
  claimsResumeNeedsLiveMessage,
  liveFeedGapQuerySchema,
  liveFeedGapResponseSchema,
  liveFeedQuerySchema,
  liveFeedResponseSchema,
  liveFeedStreamQuerySchema,
  liveSidebarLiveQuerySchema,
  liveSourceHealthResponseSchema,
  liveSourceStatusListResponseSchema,
} from "@vitrine/domain";
import { DomainError } from "../../http/errors";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { LiveFeedService } from "./service";

/** The Last-Event-ID an EventSource sends back on reconnection: a seq. */
function lastEventIdOf(header: string | string[] | undefined): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : undefined;
}

/** The live feed: server-sent events, and the 5 s polling fallback (decision 018). */
export const liveFeedRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LiveFeedService>> = async (
  app,
  { service },
) => {
  // Open streams would hold the server's close until its drain deadline: end them first.
  app.addHook("preClose", async () => service.closeStreams());

  app.get(
    "/events",
    {
      config: { access: "admin" },
      schema: { querystring: liveFeedQuerySchema, response: { 200: liveFeedResponseSchema } },
    },
    async (request) => service.pollEvents(request.query),
  );

  // What a stream announced as a gap, read page by page by the client that was told of it.
  app.get(
    "/gap",
    {
      config: { access: "admin" },
      schema: { querystring: liveFeedGapQuerySchema, response: { 200: liveFeedGapResponseSchema } },
    },
    async (request) => service.readGap(request.query),
  );

  app.get(
    "/sources",
    { config: { access: "admin" }, schema: { response: { 200: liveSourceStatusListResponseSchema } } },
    async () => ({ sources: await service.listSources() }),
  );

  // The live's sources, whether it has gone silent (the server's clock decides) and its cuts.
  app.get(
    "/health",
    {
      config: { access: "admin" },
      schema: { querystring: liveSidebarLiveQuerySchema, response: { 200: liveSourceHealthResponseSchema } },
    },
    async (request) => ({ health: await service.readHealth(request.query.liveId) }),
  );

  app.get(
    "/stream",
    { config: { access: "admin" }, schema: { querystring: liveFeedStreamQuerySchema } },
    async (request, reply) => {
      const { liveId, types, after, claimsAfter } = request.query;
      const claimsLiveId = request.query.claimsLiveId ?? liveId;
      if (claimsAfter !== undefined && claimsLiveId === undefined) {
        throw new DomainError("VALIDATION_FAILED", claimsResumeNeedsLiveMessage, {
          claimsLiveId: claimsResumeNeedsLiveMessage,
        });
      }
      const headers = reply.getHeaders();
      reply.hijack();
      await service.openStream(reply.raw, {
        scope: { liveId, types },
        after: lastEventIdOf(request.headers["last-event-id"]) ?? after,
        headers,
        ...(claimsAfter !== undefined && claimsLiveId !== undefined
          ? { claimsResume: { liveId: claimsLiveId, after: claimsAfter } }
          : {}),
      });
    },
  );
};
