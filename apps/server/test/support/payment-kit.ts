import { LYRA_TEST_CARDS } from "@vitrine/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { lyraPaymentAnswer, signedIpnFields } from "../../src/integrations/payments/card-simulator";
import { createPaymentProvider } from "../../src/integrations/payments/create-payment-provider";
import { refundOrderPayment, type RefundOutcome } from "../../src/modules/refunds";
import type { ApiKit, SignedInRole } from "./api-kit";
import type { TestApp } from "./test-app";

/** The simulator's card form as a customer fills it in: a card, an expiry to come, a code. */
export function submitSimulatorCard(
  kit: ApiKit,
  role: SignedInRole,
  formToken: string,
  cardNumber: string = LYRA_TEST_CARDS.accepted,
): Promise<LightMyRequestResponse> {
  return kit.injectAs(role, {
    method: "POST",
    url: "/api/payment-simulator/pay",
    payload: { formToken, cardNumber, expiry: "12/39", securityCode: "123" },
  });
}

/**
 * Pays an order as its customer does: a payment form for it, then the simulator's card form. The
 * form must be issued; what the card form answers is the caller's to check.
 */
export async function payThroughSimulator(
  kit: ApiKit,
  role: SignedInRole,
  orderId: string,
  cardNumber?: string,
): Promise<LightMyRequestResponse> {
  const form = await kit.injectAs(role, {
    method: "POST",
    url: `/api/payments/orders/${orderId}/form-token`,
  });
  expect(form.statusCode, form.body).toBe(200);
  return submitSimulatorCard(kit, role, form.json().payment.formToken as string, cardNumber);
}

/** A combined parcel's 6 € fee given back on a paid order, through the app's own provider. */
export function refundParcelFee(t: TestApp, orderId: string): Promise<RefundOutcome> {
  const provider = createPaymentProvider({ config: t.config, db: t.db, authSecret: t.authSecret });
  return refundOrderPayment(
    t.db,
    provider,
    { orderId, reason: "combined-shipping", amountCents: 600, actorUserId: null, comment: "colis groupé" },
    t.app.log,
  );
}

export interface SignedPayment {
  /** The shop the notification comes from ("simulator" for the payment simulator's). */
  shopId: string;
  /** The key that signs it: the simulator's password (simulatorKeys) or Lyra's REST password. */
  password: string;
  orderId: string;
  amountCents: number;
  transactionId: string;
}

/** A payment notification's fields as the provider signs them: a card charged for the order. */
export function signedPaymentIpn(payment: SignedPayment): Record<string, string> {
  const answer = lyraPaymentAnswer({
    shopId: payment.shopId,
    payment: {
      orderId: payment.orderId,
      amountCents: payment.amountCents,
      currency: "EUR",
      email: "client@example.com",
      reference: "ref",
      expiresAt: Date.now() + 60_000,
    },
    transactionId: payment.transactionId,
    paid: true,
    pan: "497010XXXXXX0055",
    now: new Date(),
  });
  return signedIpnFields(JSON.stringify(answer), payment.password);
}

/** Posts a payment notification to the app as the provider does. */
export function postPaymentIpn(app: FastifyInstance, fields: Record<string, string>) {
  return app.inject({
    method: "POST",
    url: "/api/payments/ipn",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: new URLSearchParams(fields).toString(),
  });
}
