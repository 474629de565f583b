import {
  idParamsSchema,
  labelBatchParamsSchema,
  labelBatchStatusSchema,
  labelBatchViewSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import * as z from "zod/mini";
import type { ModuleRouteOptions } from "../module";
import type { LabelBatchService } from "./service";

const admin = { access: "admin" } as const;
const batchResponse = z.object({ batch: labelBatchViewSchema });

/** Served inline: the browser's PDF viewer prints it (the app's object-src 'none' would stop it). */
const PDF_POLICY = "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'";

/** A live's labels in one go, its labels PDF and its pick list (back office, the live's page). */
export const labelBatchRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<LabelBatchService>> = async (
  app,
  { service },
) => {
  app.post(
    "/label-batches",
    {
      config: admin,
      schema: { params: idParamsSchema, response: { 200: batchResponse, 201: batchResponse } },
    },
    async (request, reply) => {
      const viewer = await request.viewer();
      const { created, batch } = await service.start(request.params.id, viewer?.user.id ?? null);
      return reply.status(created ? 201 : 200).send({ batch });
    },
  );

  app.get(
    "/label-batches/latest",
    { config: admin, schema: { params: idParamsSchema, response: { 200: labelBatchStatusSchema } } },
    async (request) => service.status(request.params.id),
  );

  app.post(
    "/label-batches/:batchId/retry",
    { config: admin, schema: { params: labelBatchParamsSchema, response: { 200: batchResponse } } },
    async (request) => ({ batch: await service.retry(request.params.id, request.params.batchId) }),
  );

  app.get("/labels.pdf", { config: admin, schema: { params: idParamsSchema } }, async (request, reply) => {
    const pdf = await service.labelsPdf(request.params.id);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="etiquettes-live.pdf"`)
      .header("cache-control", "no-store")
      .header("content-security-policy", PDF_POLICY)
      .send(Buffer.from(pdf));
  });

  app.get("/pick-list.pdf", { config: admin, schema: { params: idParamsSchema } }, async (request, reply) => {
    const { pdf } = await service.pickListPdf(request.params.id);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="liste-de-preparation.pdf"`)
      .header("cache-control", "no-store")
      .header("content-security-policy", PDF_POLICY)
      .send(Buffer.from(pdf));
  });
};
