import {
  bulkProductsInputSchema,
  bulkProductsResponseSchema,
  nextRefQuerySchema,
  nextRefResponseSchema,
  productDeletedResponseSchema,
  productIdParamsSchema,
  productInputSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { ProductService } from "./service";

/** Products and their bulk creation (spec: /admin/products, /admin/bulk-products). Prices in cents. */
export const productRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<ProductService>> = async (
  app,
  { service },
) => {
  app.get(
    "",
    {
      config: { access: "admin" },
      schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } },
    },
    async (request) => ({ products: await service.listProducts(request.query) }),
  );

  app.post(
    "",
    {
      config: { access: "admin" },
      schema: { body: productInputSchema, response: { 201: productResponseSchema } },
    },
    async (request, reply) => reply.status(201).send({ product: await service.createProduct(request.body) }),
  );

  app.put(
    "/:id",
    {
      config: { access: "admin" },
      schema: {
        params: productIdParamsSchema,
        body: productInputSchema,
        response: { 200: productResponseSchema },
      },
    },
    async (request) => ({ product: await service.updateProduct(request.params.id, request.body) }),
  );

  app.delete(
    "/:id",
    {
      config: { access: "admin" },
      schema: { params: productIdParamsSchema, response: { 200: productDeletedResponseSchema } },
    },
    async (request) => {
      await service.deleteProduct(request.params.id);
      return { deleted: true as const };
    },
  );

  app.get(
    "/next-ref",
    {
      config: { access: "admin" },
      schema: { querystring: nextRefQuerySchema, response: { 200: nextRefResponseSchema } },
    },
    async (request) => ({ start: await service.nextBulkStart(request.query.liveId) }),
  );

  app.post(
    "/bulk",
    {
      config: { access: "admin" },
      schema: { body: bulkProductsInputSchema, response: { 201: bulkProductsResponseSchema } },
    },
    async (request, reply) => reply.status(201).send(await service.createBulkProducts(request.body)),
  );

  app.get(
    "/recent",
    { config: { access: "admin" }, schema: { response: { 200: productListResponseSchema } } },
    async () => ({ products: await service.listRecentProducts() }),
  );
};
