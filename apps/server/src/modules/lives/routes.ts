import {
  liveActiveSchema,
  liveCreateSchema,
  liveIdParamsSchema,
  liveListResponseSchema,
  liveResponseSchema,
  liveUpdateSchema,
  liveViewerListResponseSchema,
  tiktokEventListResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { LiveService } from "./service";

/** Lives (spec: /admin/lives and /admin/lives/{id}). */
export const liveRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LiveService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    { config: { access: "admin" }, schema: { response: { 200: liveListResponseSchema } } },
    async () => ({ lives: await service.listLives() }),
  );

  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { body: liveCreateSchema, response: { 201: liveResponseSchema } },
    },
    async (request, reply) => reply.status(201).send({ live: await service.createLive(request.body) }),
  );

  app.get(
    "/:id",
    {
      config: { access: "admin" },
      schema: { params: liveIdParamsSchema, response: { 200: liveResponseSchema } },
    },
    async (request) => ({ live: await service.getLive(request.params.id) }),
  );

  app.put(
    "/:id",
    {
      config: { access: "admin" },
      schema: { params: liveIdParamsSchema, body: liveUpdateSchema, response: { 200: liveResponseSchema } },
    },
    async (request) => ({ live: await service.updateLive(request.params.id, request.body) }),
  );

  app.patch(
    "/:id/active",
    {
      config: { access: "admin" },
      schema: { params: liveIdParamsSchema, body: liveActiveSchema, response: { 200: liveResponseSchema } },
    },
    async (request) => ({ live: await service.setLiveActive(request.params.id, request.body.isActive) }),
  );

  app.get(
    "/:id/viewers",
    {
      config: { access: "admin" },
      schema: { params: liveIdParamsSchema, response: { 200: liveViewerListResponseSchema } },
    },
    async (request) => ({ viewers: await service.listLiveViewers(request.params.id) }),
  );

  app.get(
    "/:id/events",
    {
      config: { access: "admin" },
      schema: { params: liveIdParamsSchema, response: { 200: tiktokEventListResponseSchema } },
    },
    async (request) => ({ events: await service.listLiveEvents(request.params.id) }),
  );
};
