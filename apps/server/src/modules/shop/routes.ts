import { shopResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ShopService } from "./service";

/** The shop's public identity (contact page, footer). */
export const shopRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ShopService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    { config: { access: "public" }, schema: { response: { 200: shopResponseSchema } } },
    async () => ({ shop: service.getShop() }),
  );
};
