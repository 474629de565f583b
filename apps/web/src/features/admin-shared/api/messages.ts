import { useMutation } from "@tanstack/react-query";
import { sendMessageResponseSchema, type SendMessageRequestInput } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

export function useSendMessage() {
  return useMutation({
    mutationFn: (message: SendMessageRequestInput) =>
      apiFetch("/api/admin/messages", { method: "POST", body: message, response: sendMessageResponseSchema }),
  });
}
