import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  mailSentResponseSchema,
  messageTemplateResponseSchema,
  type MessageTemplateInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { adminTemplatesQueryOptions, TEMPLATES_URL } from "../admin-shared/api/message-templates";

export function useSaveMessageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: MessageTemplateInput }) =>
      apiFetch(id ? `${TEMPLATES_URL}/${encodeURIComponent(id)}` : TEMPLATES_URL, {
        method: id ? "PUT" : "POST",
        body: input,
        response: messageTemplateResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminTemplatesQueryOptions.queryKey }),
  });
}

export function useSendTemplateTest() {
  return useMutation({
    mutationFn: ({ id, email }: { id: string; email: string }) =>
      apiFetch(`${TEMPLATES_URL}/${encodeURIComponent(id)}/test`, {
        method: "POST",
        body: { email },
        response: mailSentResponseSchema,
      }),
  });
}
