import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BACK_OFFICE_TEMPLATE_SCOPE,
  mailSentResponseSchema,
  messageTemplateListResponseSchema,
  messageTemplateResponseSchema,
  type MessageTemplateInput,
} from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

const TEMPLATES_URL = "/api/admin/message-templates";

export const adminTemplatesQueryOptions = queryOptions({
  queryKey: ["admin", "message-templates"],
  queryFn: ({ signal }) => apiFetch(TEMPLATES_URL, { response: messageTemplateListResponseSchema, signal }),
});

export function useMessageTemplates() {
  return useQuery({
    ...adminTemplatesQueryOptions,
    select: (data) =>
      data.templates.filter((template) => template.scope.includes(BACK_OFFICE_TEMPLATE_SCOPE)),
  });
}

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
