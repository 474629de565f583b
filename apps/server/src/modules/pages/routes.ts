import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Database } from "../../db/client";
import { getActivePage } from "./service";

const pageSchema = z.object({ code: z.string(), title: z.string(), content: z.string() });

export const pageRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    "/api/pages/:code",
    {
      config: { access: "public" },
      schema: {
        params: z.object({ code: z.string().regex(/^[a-z0-9-]{1,100}$/) }),
        response: { 200: z.object({ page: pageSchema }) },
      },
    },
    async (request) => ({ page: await getActivePage(db, request.params.code) }),
  );
};
