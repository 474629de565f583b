import { useMutation } from "@tanstack/react-query";
import {
  paymentCheckResponseSchema,
  paymentFormResponseSchema,
  simulatorPayResponseSchema,
  type SimulatorPayRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";
import { useStoreChangedOrder } from "./order-changes";

const paymentsUrl = (orderId: string) => `/api/payments/orders/${encodeURIComponent(orderId)}`;

/** A form token from the provider for the order's amount, as the server computes it. */
export function useRequestPaymentForm(orderId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch(`${paymentsUrl(orderId)}/form-token`, { response: paymentFormResponseSchema, method: "POST" }),
  });
}

/** The simulator's card form sends the card as Lyra's form sends it to the bank. */
export function usePayWithSimulator() {
  return useMutation({
    mutationFn: (request: SimulatorPayRequest) =>
      apiFetch("/api/payment-simulator/pay", {
        response: simulatorPayResponseSchema,
        method: "POST",
        body: request,
      }),
  });
}

/** The server asks the provider whether the order is paid; the browser's word is never enough. */
export function useCheckPayment(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${paymentsUrl(orderId)}/check`, { response: paymentCheckResponseSchema, method: "POST" }),
    onSuccess: ({ order }) => storeChangedOrder(order),
  });
}
