import {
  idParamsSchema,
  userMergeDetailsResponseSchema,
  userMergeRequestSchema,
  userMergeResponseSchema,
  userMergeSearchQuerySchema,
  userMergeSearchResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { UserMergeService } from "./service";

/** The merge of two accounts' orders (spec: /admin/user-merge). */
export const userMergeRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<UserMergeService>> = async (
  app,
  { service },
) => {
  app.get(
    "/search",
    {
      config: { access: "admin" },
      schema: { querystring: userMergeSearchQuerySchema, response: { 200: userMergeSearchResponseSchema } },
    },
    async (request) => ({ users: await service.searchUsers(request.query.q) }),
  );

  app.get(
    "/users/:id",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: userMergeDetailsResponseSchema } },
    },
    async (request) => ({ user: await service.getUserDetails(request.params.id) }),
  );

  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { body: userMergeRequestSchema, response: { 200: userMergeResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const ordersTransferred = await service.mergeUsers({ actorUserId: viewer.user.id, ...request.body });
      return { ordersTransferred };
    },
  );
};
