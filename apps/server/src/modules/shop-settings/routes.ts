import { shopSettingsRequestSchema, shopSettingsResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ShopSettingsService } from "./service";

const admin = { access: "admin" } as const;

/** The back office's 'Réglages': the shop's minimum order. */
export const shopSettingsRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ShopSettingsService>> = async (
  app,
  { service },
) => {
  app.get("", { config: admin, schema: { response: { 200: shopSettingsResponseSchema } } }, async () => ({
    settings: await service.getSettings(),
  }));

  app.put(
    "",
    {
      config: admin,
      schema: { body: shopSettingsRequestSchema, response: { 200: shopSettingsResponseSchema } },
    },
    async (request) => ({ settings: await service.saveSettings(request.body) }),
  );
};
