import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminPageListResponseSchema,
  adminPageResponseSchema,
  deletedResponseSchema,
  type PageInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const PAGES_URL = "/api/admin/pages";

export const adminPagesQueryOptions = queryOptions({
  queryKey: ["admin", "pages"],
  queryFn: ({ signal }) => apiFetch(PAGES_URL, { response: adminPageListResponseSchema, signal }),
});

export function useAdminPages() {
  return useQuery({ ...adminPagesQueryOptions, select: (data) => data.pages });
}

function useInvalidatePages() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminPagesQueryOptions.queryKey });
}

export function useSavePage() {
  const invalidate = useInvalidatePages();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PageInput }) =>
      apiFetch(id ? `${PAGES_URL}/${encodeURIComponent(id)}` : PAGES_URL, {
        method: id ? "PUT" : "POST",
        body: input,
        response: adminPageResponseSchema,
      }),
    onSettled: invalidate,
  });
}

export function useDeletePage() {
  const invalidate = useInvalidatePages();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`${PAGES_URL}/${encodeURIComponent(id)}`, {
        method: "DELETE",
        response: deletedResponseSchema,
      }),
    onSettled: invalidate,
  });
}
