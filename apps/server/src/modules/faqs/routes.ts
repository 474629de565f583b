import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { listFaqs } from "./service";

const faqSchema = z.object({ id: z.string(), title: z.string(), content: z.string(), rank: z.number() });

export const faqRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/faqs",
    { config: { access: "public" }, schema: { response: { 200: z.object({ faqs: z.array(faqSchema) }) } } },
    async () => ({ faqs: await listFaqs(db) }),
  );
};
