import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  deletedResponseSchema,
  faqListResponseSchema,
  faqResponseSchema,
  type FaqInput,
  type FaqMoveDirection,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const FAQS_URL = "/api/admin/faqs";

export const adminFaqsQueryOptions = queryOptions({
  queryKey: ["admin", "faqs"],
  queryFn: ({ signal }) => apiFetch(FAQS_URL, { response: faqListResponseSchema, signal }),
});

export function useAdminFaqs() {
  return useQuery({ ...adminFaqsQueryOptions, select: (data) => data.faqs });
}

function useInvalidateFaqs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminFaqsQueryOptions.queryKey });
}

export function useSaveFaq() {
  const invalidate = useInvalidateFaqs();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: FaqInput }) =>
      apiFetch(id ? `${FAQS_URL}/${encodeURIComponent(id)}` : FAQS_URL, {
        method: id ? "PUT" : "POST",
        body: input,
        response: faqResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useDeleteFaq() {
  const invalidate = useInvalidateFaqs();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${FAQS_URL}/${encodeURIComponent(id)}`, {
        method: "DELETE",
        response: deletedResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useMoveFaq() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, direction }: { id: string; direction: FaqMoveDirection }) =>
      apiFetch(`${FAQS_URL}/${encodeURIComponent(id)}/move`, {
        method: "POST",
        body: { direction },
        response: faqListResponseSchema,
      }),
    // The reply is the whole new order: shown at once, without another round trip.
    onSuccess: (data) => queryClient.setQueryData(adminFaqsQueryOptions.queryKey, data),
    onError: () => queryClient.invalidateQueries({ queryKey: adminFaqsQueryOptions.queryKey }),
  });
}
