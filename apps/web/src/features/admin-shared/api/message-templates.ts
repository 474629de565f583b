import { queryOptions, useQuery } from "@tanstack/react-query";
import { BACK_OFFICE_TEMPLATE_SCOPE, messageTemplateListResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";

export const TEMPLATES_URL = "/api/admin/message-templates";

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
