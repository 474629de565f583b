import { useMutation, useQueryClient } from "@tanstack/react-query";
import { shippingLabelMessages, shippingLabelResponseSchema, shippingLabelUrl } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

/** Every back-office read of orders starts with this key: a label changes what they show. */
const ordersKey = ["admin", "orders"] as const;

function useInvalidateOrders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ordersKey });
}

export function useGenerateShippingLabel(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: () =>
      apiFetch(shippingLabelUrl(orderId), { response: shippingLabelResponseSchema, method: "POST" }),
    onSuccess: invalidate,
  });
}

export function useDeleteShippingLabel(orderId: string) {
  const invalidate = useInvalidateOrders();
  return useMutation({
    mutationFn: () =>
      apiFetch(shippingLabelUrl(orderId), { response: shippingLabelResponseSchema, method: "DELETE" }),
    onSuccess: invalidate,
  });
}

/** The label's PDF; fails with the French message to show ('Aucune étiquette disponible'...). */
export async function fetchShippingLabel(orderId: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(shippingLabelUrl(orderId), { credentials: "same-origin" });
  } catch {
    throw new Error(shippingLabelMessages.downloadFailed);
  }
  if (response.status === 404) throw new Error(shippingLabelMessages.noLabel);
  if (!response.ok) throw new Error(shippingLabelMessages.downloadFailed);
  return response.blob();
}
