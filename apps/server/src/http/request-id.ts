import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { randomUUID } from "node:crypto";

export const REQUEST_ID_HEADER = "x-request-id";
const ACCEPTED_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Every request gets an id, written as `reqId` on each of its log lines and sent back in
 * X-Request-Id, so a person's report, the proxy's log and ours meet. Behind a trusted proxy its
 * X-Request-Id is kept (when it looks like one); otherwise, or without one, a new UUID, unique
 * across instances (Fastify's default counter restarts at 1 in every process).
 */
export function requestIdOptions(
  trustProxy: boolean,
): Pick<FastifyServerOptions, "requestIdHeader" | "genReqId"> {
  return {
    requestIdHeader: false,
    genReqId: (request) => {
      const fromProxy = trustProxy ? request.headers[REQUEST_ID_HEADER] : undefined;
      return typeof fromProxy === "string" && ACCEPTED_REQUEST_ID.test(fromProxy) ? fromProxy : randomUUID();
    },
  };
}

export function registerRequestIdHeader(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
