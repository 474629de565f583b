import { simulatorPayRequestSchema, simulatorPayResponseSchema } from "@vitrine/domain";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { CardSimulator, IpnFields } from "../../integrations/payments/card-simulator";
import type { ModuleRouteOptions } from "../module";

const IPN_PATH = "/api/payments/ipn";

/**
 * The simulator's card form posts here, as Lyra's form posts to Lyra. The simulator then notifies
 * the app through its real notification endpoint, in process (the public URL may not reach this
 * very instance from inside, behind a proxy).
 */
export const paymentSimulatorRoutes: FastifyPluginAsyncZod<ModuleRouteOptions<CardSimulator>> = async (
  app,
  { service },
) => {
  const deliverIpn = async (fields: IpnFields) => {
    const response = await app.inject({
      method: "POST",
      url: IPN_PATH,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams(fields).toString(),
    });
    return response.statusCode;
  };

  app.post(
    "/pay",
    {
      config: { access: "public" },
      schema: { body: simulatorPayRequestSchema, response: { 200: simulatorPayResponseSchema } },
    },
    async (request) => ({ clientAnswer: await service.pay(request.body, deliverIpn) }),
  );
};
