import { LYRA_TEST_CARDS } from "@vitrine/domain";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import type { ApiKit, SignedInRole } from "./api-kit";

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
