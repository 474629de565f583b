import { customerProfileResponseSchema, profileUpdateSchema } from "@vitrine/domain";
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
};
