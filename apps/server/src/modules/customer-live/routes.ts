import {
  commentTestResponseSchema,
  customerLiveSnapshotSchema,
  siteClaimInputSchema,
  siteClaimResponseSchema,
} from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { CustomerLiveService } from "./service";

const customer = { access: "customer" } as const;

/** /customer/live's data: the snapshot, and the stream scoped to the customer's own claims. */
export const customerLiveRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<CustomerLiveService>> = async (
  app,
  { service },
) => {
  // Open streams would hold the server's close until its drain deadline: end them first.
  app.addHook("preClose", async () => service.closeStreams());
  app.addHook("onClose", async () => service.closeSiteClaims());

  app.get(
    "",
    { config: customer, schema: { response: { 200: customerLiveSnapshotSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return service.readSnapshot(viewer.user.id);
    },
  );

  app.post(
    "/claims",
    {
      config: customer,
      schema: { body: siteClaimInputSchema, response: { 201: siteClaimResponseSchema } },
    },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send(await service.claimFromSite(viewer.user.id, request.body.productId));
    },
  );

  app.get(
    "/comment-test",
    { config: customer, schema: { response: { 200: commentTestResponseSchema } } },
    async (request) => {
      const viewer = await request.requireViewer();
      return { test: await service.commentTest(viewer.user.id) };
    },
  );

  app.post(
    "/comment-test",
    { config: customer, schema: { response: { 201: commentTestResponseSchema } } },
    async (request, reply) => {
      const viewer = await request.requireViewer();
      return reply.status(201).send({ test: await service.startCommentTest(viewer.user.id) });
    },
  );

  app.get("/stream", { config: customer }, async (request, reply) => {
    const viewer = await request.requireViewer();
    const headers = reply.getHeaders();
    reply.hijack();
    await service.openStream(reply.raw, {
      userId: viewer.user.id,
      sessionId: viewer.sessionId,
      headers,
    });
  });
};
