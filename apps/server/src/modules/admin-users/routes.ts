import {
  adminUserEmailChangeSchema,
  adminUserListResponseSchema,
  adminUserOrdersResponseSchema,
  adminUserResponseSchema,
  adminUserUpdateSchema,
  idParamsSchema,
  staffLiveAccountLinkSchema,
  staffLiveAccountParamsSchema,
  staffLiveAccountsResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { AdminUserService } from "./service";

const admin = { access: "admin" } as const;

/** The back office's customers (spec: /admin/users). */
export const adminUserRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<AdminUserService>> = async (
  app,
  { service },
) => {
  app.get("", { config: admin, schema: { response: { 200: adminUserListResponseSchema } } }, async () => ({
    users: await service.listUsers(),
  }));

  app.patch(
    "/:id",
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: adminUserUpdateSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { user: await service.updateUser(request.params.id, request.body, viewer.user.id) };
    },
  );

  app.put(
    "/:id/email",
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: adminUserEmailChangeSchema,
        response: { 200: adminUserResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { user: await service.changeEmail(request.params.id, request.body, viewer.user.id) };
    },
  );

  app.get(
    "/:id/orders",
    { config: admin, schema: { params: idParamsSchema, response: { 200: adminUserOrdersResponseSchema } } },
    async (request) => service.listOrders(request.params.id),
  );

  // A user's accounts on the platforms beside TikTok, linked by hand ('Lier un compte de live').
  app.get(
    "/:id/live-accounts",
    { config: admin, schema: { params: idParamsSchema, response: { 200: staffLiveAccountsResponseSchema } } },
    async (request) => ({ accounts: await service.liveAccounts.list(request.params.id) }),
  );

  app.post(
    "/:id/live-accounts",
    {
      config: admin,
      schema: {
        params: idParamsSchema,
        body: staffLiveAccountLinkSchema,
        response: { 200: staffLiveAccountsResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { accounts: await service.liveAccounts.link(request.params.id, request.body, viewer.user.id) };
    },
  );

  app.delete(
    "/:id/live-accounts/:platform",
    {
      config: admin,
      schema: {
        params: staffLiveAccountParamsSchema,
        response: { 200: staffLiveAccountsResponseSchema },
      },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      const { id, platform } = request.params;
      return { accounts: await service.liveAccounts.unlink(id, platform, viewer.user.id) };
    },
  );
};
