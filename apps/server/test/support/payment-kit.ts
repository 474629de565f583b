import { LYRA_TEST_CARDS } from "@vitrine/domain";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
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
