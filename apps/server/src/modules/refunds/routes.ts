import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ModuleRouteOptions } from "../module";
import type { RefundCheckService } from "./service";

/** No routes: the module's work is its refund check job and the checks it resumes on start. */
export const refundRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<RefundCheckService>> = async () => {};
