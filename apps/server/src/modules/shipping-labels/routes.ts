import { idParamsSchema, shippingLabelResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ShippingLabelService } from "./service";

/** An order's shipping label (spec: order detail and preparation, "label block"). */
export const shippingLabelRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ShippingLabelService>> = async (
  app,
  { service },
) => {
  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 201: shippingLabelResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ label: await service.generateLabel(request.params.id, request.log) }),
  );

  app.get("", { config: { access: "admin" }, schema: { params: idParamsSchema } }, async (request, reply) => {
    const { pdf, fileName } = await service.readLabel(request.params.id);
    return (
      reply
        .type("application/pdf")
        .header("content-disposition", `inline; filename="${fileName}"`)
        .header("cache-control", "no-store")
        // Helmet's page policy (object-src 'none') would stop the browser's PDF viewer.
        .header("content-security-policy", "default-src 'none'; object-src 'self'; style-src 'unsafe-inline'")
        .send(Buffer.from(pdf))
    );
  });

  app.delete(
    "",
    {
      config: { access: "admin" },
      schema: { params: idParamsSchema, response: { 200: shippingLabelResponseSchema } },
    },
    async (request) => ({ label: await service.deleteLabel(request.params.id, request.log) }),
  );
};
