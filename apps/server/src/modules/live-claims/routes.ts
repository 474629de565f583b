import {
  attachmentDisposition,
  liveClaimActionResponseSchema,
  liveClaimParamsSchema,
  liveClaimSettingsRequestSchema,
  liveClaimSettingsSchema,
  liveClaimsLiveParamsSchema,
  liveClaimsSnapshotSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import { CLAIM_ACTIONS, type LiveClaimsService } from "./service";

const admin = { access: "admin" } as const;

/**
 * A live's claims for staff (decisions 030, 037): the snapshot, the settings, six actions, each
 * audited, and the answers given to doubts as a file.
 */
export const liveClaimsRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LiveClaimsService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    {
      config: admin,
      schema: { params: liveClaimsLiveParamsSchema, response: { 200: liveClaimsSnapshotSchema } },
    },
    async (request) => service.snapshot(request.params.liveId),
  );

  app.put(
    "/settings",
    {
      config: admin,
      schema: {
        params: liveClaimsLiveParamsSchema,
        body: liveClaimSettingsRequestSchema,
        response: { 200: liveClaimSettingsSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return service.saveSettings(request.params.liveId, request.body, viewer.user.id);
    },
  );

  app.get(
    "/doubt-answers",
    { config: admin, schema: { params: liveClaimsLiveParamsSchema } },
    async (request, reply) => {
      const { fileName, lines } = await service.doubtAnswers(request.params.liveId);
      return reply
        .type("application/x-ndjson; charset=utf-8")
        .header("content-disposition", attachmentDisposition(fileName))
        .header("cache-control", "no-store")
        .send(lines);
    },
  );

  for (const action of CLAIM_ACTIONS) {
    app.post(
      `/:claimId/${action}`,
      {
        config: admin,
        schema: { params: liveClaimParamsSchema, response: { 200: liveClaimActionResponseSchema } },
      },
      async (request) => {
        const viewer = await request.requireViewer();
        return service.act(request.params.liveId, request.params.claimId, action, viewer.user.id);
      },
    );
  }
};
