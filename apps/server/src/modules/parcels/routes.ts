import {
  combineParcelRequestSchema,
  idParamsSchema,
  orderParcelResponseSchema,
  parcelResponseSchema,
  parcelSplitResponseSchema,
  parcelSuggestionsResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ParcelService } from "./service";

const admin = { access: "admin" } as const;

/** Combined parcels, for staff (preparation board and order page). */
export const parcelRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ParcelService>> = async (
  app,
  { service },
) => {
  app.get(
    "/suggestions",
    { config: admin, schema: { response: { 200: parcelSuggestionsResponseSchema } } },
    async () => ({ suggestions: await service.suggestions() }),
  );

  app.get(
    "/of/:id",
    { config: admin, schema: { params: idParamsSchema, response: { 200: orderParcelResponseSchema } } },
    async (request) => service.ofOrder(request.params.id),
  );

  app.post(
    "",
    {
      config: admin,
      schema: { body: combineParcelRequestSchema, response: { 200: parcelResponseSchema } },
    },
    async (request) => {
      const viewer = await request.requireViewer();
      return { parcel: await service.combine(request.body.orderIds, viewer.user.id, request.log) };
    },
  );

  app.post(
    "/split/:id",
    { config: admin, schema: { params: idParamsSchema, response: { 200: parcelSplitResponseSchema } } },
    async (request) => ({ parcel: await service.split(request.params.id) }),
  );
};
