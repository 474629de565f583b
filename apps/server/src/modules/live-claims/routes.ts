import {
  liveClaimActionResponseSchema,
  liveClaimParamsSchema,
  liveClaimSettingsRequestSchema,
  liveClaimSettingsSchema,
  liveClaimsLiveParamsSchema,
  liveClaimsSnapshotSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ClaimAction, LiveClaimsService } from "./service";

const admin = { access: "admin" } as const;
const ACTIONS: ClaimAction[] = ["give", "release", "skip", "remove"];

/** A live's claims for staff (decision 030): the snapshot, the settings and four actions, audited. */
export const liveClaimsRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LiveClaimsService>> = async (
  app,
  { service },
) => {
  // The engine works from the app's start to its close, its warnings in the app's log.
  service.engine.useLog((message) => app.log.warn(message));
  service.engine.start();
  app.addHook("onClose", async () => service.engine.stop());

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

  for (const action of ACTIONS) {
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
