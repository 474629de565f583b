import { findUnstorableText, storableTextMessages, type ApiErrorBody } from "@vitrine/domain";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The body fields (top-level names) in which the route takes text PostgreSQL cannot store
     * (U+0000, lone surrogates) and cleans it itself, one item at a time (live ingestion's
     * `events`: one bad comment must not refuse its whole batch). The rest of the request is
     * checked as everywhere.
     */
    cleansUnstorableTextIn?: readonly string[];
  }
}

type RequestPart = "params" | "query" | "body";

/** The part as checked: a body without the fields its route cleans itself. */
function checkedPart(request: FastifyRequest, part: RequestPart): unknown {
  const value = request[part];
  const cleaned = request.routeOptions.config.cleansUnstorableTextIn;
  if (part !== "body" || !cleaned || value === null || typeof value !== "object" || Array.isArray(value)) {
    return value;
  }
  return Object.fromEntries(Object.entries(value).filter(([name]) => !cleaned.includes(name)));
}

function refuseUnstorableText(request: FastifyRequest, reply: FastifyReply, parts: RequestPart[]) {
  for (const part of parts) {
    const path = findUnstorableText(checkedPart(request, part));
    if (!path) continue;
    // A body field is named as forms name theirs; a parameter keeps its part's name in front.
    const field = (part === "body" ? path : [part, ...path]).join(".") || part;
    const body: ApiErrorBody = {
      code: "VALIDATION_FAILED",
      message: storableTextMessages.request,
      fields: { [field]: storableTextMessages.request },
    };
    // The house's error shape, whatever 400 a route declares for its own refusals.
    return reply.status(400).type("application/json; charset=utf-8").serializer(JSON.stringify).send(body);
  }
}

/**
 * No route can forget the rule: text PostgreSQL cannot store (which it would answer with a 500),
 * anywhere in a request's path parameters, query or body, is refused with a French 400 naming
 * where it was, before any handler runs.
 * - Parameters and query before validation: no route has to declare a parameter to be protected.
 * - The body after validation: a domain schema that knows the field's name refuses it first with
 *   its own message ('Le prénom contient un caractère non valide…'), and whatever validation let
 *   through is refused here.
 */
export function registerStorableTextCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request, reply) =>
    refuseUnstorableText(request, reply, ["params", "query"]),
  );
  app.addHook("preHandler", async (request, reply) => refuseUnstorableText(request, reply, ["body"]));
}
