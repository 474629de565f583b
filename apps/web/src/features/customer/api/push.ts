import { pushKeyResponseSchema, type PushSubscriptionRequest } from "@vitrine/domain";
import * as z from "zod/mini";
import { apiFetch } from "../../../lib/api-client";

/** The routes answer 204: nothing to read. */
const noContent = z.unknown();

export function fetchPushKey() {
  return apiFetch("/api/customer/push/key", { response: pushKeyResponseSchema });
}

export function saveSubscription(subscription: PushSubscriptionRequest) {
  return apiFetch("/api/customer/push/subscriptions", {
    method: "POST",
    body: subscription,
    response: noContent,
  });
}

export function deleteSubscription(endpoint: string) {
  return apiFetch("/api/customer/push/subscriptions", {
    method: "DELETE",
    body: { endpoint },
    response: noContent,
  });
}
