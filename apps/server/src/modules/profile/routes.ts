import {
  customerProfileResponseSchema,
  platformHandleInputSchema,
  platformHandleParamsSchema,
  platformHandlesResponseSchema,
  profileUpdateSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ProfileService } from "./service";

const customer = { access: "customer" } as const;

/** The signed-in person's profile (spec: /customer/profile). */
export const profileRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ProfileService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    { config: customer, schema: { response: { 200: customerProfileResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return { profile: await service.getProfile(viewer.user.id) };
    },
  );

  app.put(
    "",
    {
      config: customer,
      schema: { body: profileUpdateSchema, response: { 200: customerProfileResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { profile: await service.updateProfile(viewer.user.id, request.body) };
    },
  );

  // 'Mes comptes de live': the customer's account on each platform beside TikTok.
  app.get(
    "/live-accounts",
    { config: customer, schema: { response: { 200: platformHandlesResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return { accounts: await service.liveAccounts.list(viewer.user.id) };
    },
  );

  app.put(
    "/live-accounts/:platform",
    {
      config: customer,
      schema: {
        params: platformHandleParamsSchema,
        body: platformHandleInputSchema,
        response: { 200: platformHandlesResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { platform } = request.params;
      return { accounts: await service.liveAccounts.save(viewer.user.id, platform, request.body) };
    },
  );

  app.delete(
    "/live-accounts/:platform",
    {
      config: customer,
      schema: { params: platformHandleParamsSchema, response: { 200: platformHandlesResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { accounts: await service.liveAccounts.remove(viewer.user.id, request.params.platform) };
    },
  );
};
