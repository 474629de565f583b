import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  customerOrderResponseSchema,
  type CustomerOrder,
  type ShippingAddressRequest,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";
import { customerOrderQueryOptions, customerOrdersQueryOptions, orderUrl } from "./orders";

/**
 * Every change to an order answers with the order as it now is: the detail takes it as is, the list
 * (status, actions) is asked again.
 */
export function useStoreChangedOrder() {
  const queryClient = useQueryClient();
  return async (order: CustomerOrder) => {
    queryClient.setQueryData(customerOrderQueryOptions(order.id).queryKey, { order });
    await queryClient.invalidateQueries({ queryKey: customerOrdersQueryOptions.queryKey, exact: true });
  };
}

/** Saves the delivery address; the server moves the order to to-pay. */
export function useSaveShippingAddress(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  return useMutation({
    mutationFn: (address: ShippingAddressRequest) =>
      apiFetch(`${orderUrl(orderId)}/address`, {
        response: customerOrderResponseSchema,
        method: "PUT",
        body: address,
      }),
    onSuccess: ({ order }) => storeChangedOrder(order),
  });
}

/** 'Modifier': the order goes back to to-validate, its address form open again. */
export function useReopenOrder(orderId: string) {
  const storeChangedOrder = useStoreChangedOrder();
  return useMutation({
    mutationFn: () =>
      apiFetch(`${orderUrl(orderId)}/reopen`, { response: customerOrderResponseSchema, method: "POST" }),
    onSuccess: ({ order }) => storeChangedOrder(order),
  });
}
