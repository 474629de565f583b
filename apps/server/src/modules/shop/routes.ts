import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppConfig } from "../../config";

const shopSchema = z.object({ name: z.string(), contactEmail: z.string(), postalAddress: z.string() });

/** The shop's public identity (contact page, footer). */
export const shopRoutes: FastifyPluginAsyncZod<{ shop: AppConfig["shop"] }> = async (app, { shop }) => {
  app.get(
    "/api/shop",
    { config: { access: "public" }, schema: { response: { 200: z.object({ shop: shopSchema }) } } },
    async () => ({ shop }),
  );
};
