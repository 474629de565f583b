import { faqListResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { FaqService } from "./service";

export const faqRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<FaqService>> = async (app, { service }) => {
  app.get(
    "",
    { config: { access: "public" }, schema: { response: { 200: faqListResponseSchema } } },
    async () => ({ faqs: await service.listFaqs() }),
  );
};
