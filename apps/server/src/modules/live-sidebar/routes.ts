import {
  liveClaimablesResponseSchema,
  liveHandleSuggestionsQuerySchema,
  liveHandleSuggestionsResponseSchema,
  liveSidebarAddInputSchema,
  liveSidebarAddResponseSchema,
  liveSidebarItemParamsSchema,
  liveSidebarLiveQuerySchema,
  liveSidebarOrderResponseSchema,
  liveSidebarOrdersResponseSchema,
  liveSidebarProductsQuerySchema,
  liveSidebarProductsResponseSchema,
  liveSidebarSourceHelpSchema,
  liveShowPieceInputSchema,
  liveShowPieceResponseSchema,
  liveSidebarPiecesResponseSchema,
  liveUnheardHandlesResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { LiveSidebarService } from "./service";

const admin = { access: "admin" } as const;

/** The live-order sidebar (spec §2 /admin/live-order-sidebar): what staff use while a live runs. */
export const liveSidebarRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LiveSidebarService>> = async (
  app,
  { service },
) => {
  app.get(
    "/products",
    {
      config: admin,
      schema: {
        querystring: liveSidebarProductsQuerySchema,
        response: { 200: liveSidebarProductsResponseSchema },
      },
    },
    async (request) => ({
      products: await service.suggestProducts(request.query.liveId, request.query.ref),
    }),
  );

  app.get(
    "/claimables",
    {
      config: admin,
      schema: { querystring: liveSidebarLiveQuerySchema, response: { 200: liveClaimablesResponseSchema } },
    },
    async (request) => service.claimables(request.query.liveId),
  );

  app.get(
    "/handles",
    {
      config: admin,
      schema: {
        querystring: liveHandleSuggestionsQuerySchema,
        response: { 200: liveHandleSuggestionsResponseSchema },
      },
    },
    async (request) => ({ handles: await service.suggestHandles(request.query.q, request.query.liveId) }),
  );

  app.post(
    "/add",
    {
      config: admin,
      schema: { body: liveSidebarAddInputSchema, response: { 201: liveSidebarAddResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.add(request.body)),
  );

  app.get(
    "/source-help",
    { config: admin, schema: { response: { 200: liveSidebarSourceHelpSchema } } },
    async () => service.sourceHelp(),
  );

  app.get(
    "/pieces",
    {
      config: admin,
      schema: { querystring: liveSidebarLiveQuerySchema, response: { 200: liveSidebarPiecesResponseSchema } },
    },
    async (request) => service.pieces(request.query.liveId),
  );

  app.post(
    "/shown",
    {
      config: admin,
      schema: { body: liveShowPieceInputSchema, response: { 200: liveShowPieceResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { shown: await service.show(request.body, viewer.user.id) };
    },
  );

  app.get(
    "/unheard",
    {
      config: admin,
      schema: {
        querystring: liveSidebarLiveQuerySchema,
        response: { 200: liveUnheardHandlesResponseSchema },
      },
    },
    async (request) => ({ handles: await service.unheard(request.query.liveId) }),
  );

  app.get(
    "/orders",
    {
      config: admin,
      schema: { querystring: liveSidebarLiveQuerySchema, response: { 200: liveSidebarOrdersResponseSchema } },
    },
    async (request) => ({ orders: await service.orders(request.query.liveId) }),
  );

  app.delete(
    "/orders/:orderId/items/:itemId",
    {
      config: admin,
      schema: { params: liveSidebarItemParamsSchema, response: { 200: liveSidebarOrderResponseSchema } },
    },
    async (request) => ({
      order: await service.deleteItem(request.params.orderId, request.params.itemId),
    }),
  );
};
