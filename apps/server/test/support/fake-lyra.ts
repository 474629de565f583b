import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { postPaymentIpn, signedPaymentIpn } from "./payment-kit";

/** Lyra's public demo shop. */
export const LYRA_DEMO_SHOP = {
  id: "69876357",
  password: "testpassword_DEMOPRIVATEKEY23G4475zXZQ2UA5x7M",
  publicKey: "69876357:testpublickey_DEMOPUBLICKEY95me92597fd28tGD4r5",
  hmacKey: "38453613e7f44dc58732bad3dca2bca3",
};

export interface LyraCall {
  path: string;
  authorization: string | undefined;
  body: Record<string, unknown>;
}

export type LyraReply = { status: number; body: unknown };

/** A reply, or none: the connection is left open (a Lyra that never answers). */
type Answer = (call: LyraCall) => LyraReply | Promise<LyraReply> | "no-answer";

/** Lyra's REST API over real HTTP, answering each call with the reply a test sets. */
export function fakeLyra() {
  const calls: LyraCall[] = [];
  let next: Answer = () => ({ status: 404, body: {} });
  const read = async (request: IncomingMessage) => {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then(async (body) => {
      const call = { path: request.url ?? "", authorization: request.headers.authorization, body };
      calls.push(call);
      const reply = await next(call);
      if (reply === "no-answer") return;
      response.statusCode = reply.status;
      response.setHeader("content-type", "application/json");
      response.end(JSON.stringify(reply.body));
    });
  });
  return {
    calls,
    server,
    answer: (reply: Answer) => {
      next = reply;
    },
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
export type FakeLyra = ReturnType<typeof fakeLyra>;

/** The settings of an app paid through Lyra's demo shop at `apiUrl`. */
export const lyraEnv = (apiUrl: string): Record<string, string> => ({
  PAYMENT_PROVIDER: "lyra",
  LYRA_SHOP_ID: LYRA_DEMO_SHOP.id,
  LYRA_PASSWORD: LYRA_DEMO_SHOP.password,
  LYRA_PUBLIC_KEY: LYRA_DEMO_SHOP.publicKey,
  LYRA_HMAC_KEY: LYRA_DEMO_SHOP.hmacKey,
  LYRA_API_URL: apiUrl,
  LYRA_STATIC_URL: "https://static.payzen.eu",
});

/**
 * What Lyra's books hold for the payments a test made: each payment and the refunds it made on
 * it. CancelOrRefund refunds (a CREDIT whose parent is the payment) while the refunds stay
 * within the payment, and Order/Get lists them, as Lyra does. `answer` decides, after the books
 * are written, how (or whether) the caller hears of it.
 */
export function lyraBooks() {
  const payments = new Map<string, { orderId: string; amountCents: number }>();
  const credits: { uuid: string; parent: string; amountCents: number }[] = [];
  const refundedOn = (parent: string) =>
    credits.filter((credit) => credit.parent === parent).reduce((sum, credit) => sum + credit.amountCents, 0);
  return {
    credits,
    pay(orderId: string, transactionId: string, amountCents: number) {
      payments.set(transactionId, { orderId, amountCents });
    },
    /** The total Lyra gave back on these payments. */
    refunded: (...transactionIds: string[]) =>
      transactionIds.reduce((sum, transactionId) => sum + refundedOn(transactionId), 0),
    reply(call: LyraCall): LyraReply {
      if (call.path.endsWith("/Transaction/CancelOrRefund")) {
        const parent = String(call.body.uuid);
        const amountCents = Number(call.body.amount);
        const payment = payments.get(parent);
        if (!payment || refundedOn(parent) + amountCents > payment.amountCents) {
          return {
            status: 200,
            body: { status: "ERROR", answer: { errorCode: "PSP_100", errorMessage: "too much" } },
          };
        }
        const uuid = `credit-${credits.length + 1}`;
        credits.push({ uuid, parent, amountCents });
        return {
          status: 200,
          body: {
            status: "SUCCESS",
            answer: { uuid, operationType: "CREDIT", detailedStatus: "AUTHORISED" },
          },
        };
      }
      if (call.path.endsWith("/Order/Get")) {
        const orderId = String(call.body.orderId);
        const transactions = [...payments]
          .filter(([, payment]) => payment.orderId === orderId)
          .flatMap(([uuid, payment]) => [
            {
              uuid,
              amount: payment.amountCents,
              currency: "EUR",
              status: "PAID",
              operationType: "DEBIT",
              detailedStatus: "CAPTURED",
            },
            ...credits
              .filter((credit) => credit.parent === uuid)
              .map((credit) => ({
                uuid: credit.uuid,
                amount: credit.amountCents,
                currency: "EUR",
                status: "PAID",
                operationType: "CREDIT",
                detailedStatus: "CAPTURED",
                transactionDetails: { parentTransactionUuid: uuid },
              })),
          ]);
        return { status: 200, body: { status: "SUCCESS", answer: { transactions } } };
      }
      return { status: 404, body: {} };
    },
  };
}

/** A payment notification posted as Lyra posts it: `amountCents` paid on the order by `transactionId`. */
export const postLyraIpn = (
  app: FastifyInstance,
  payment: { orderId: string; amountCents: number; transactionId: string },
) =>
  postPaymentIpn(
    app,
    signedPaymentIpn({ shopId: LYRA_DEMO_SHOP.id, password: LYRA_DEMO_SHOP.password, ...payment }),
  );
