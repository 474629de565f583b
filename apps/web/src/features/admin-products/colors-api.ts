import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  colorDeletedResponseSchema,
  colorListResponseSchema,
  colorResponseSchema,
  type ColorInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

export const colorsQueryOptions = queryOptions({
  queryKey: ["admin", "colors"],
  queryFn: ({ signal }) => apiFetch("/api/admin/colors", { response: colorListResponseSchema, signal }),
  select: (data) => data.colors,
});

export function useColors() {
  return useQuery(colorsQueryOptions);
}

/** Products show their colour's name and code: a change to a colour refreshes them too. */
const PRODUCTS_KEY = ["admin", "products"] as const;

function useInvalidateColors() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: colorsQueryOptions.queryKey }),
      queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY }),
    ]);
  };
}

export function useSaveColor() {
  const invalidate = useInvalidateColors();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ColorInput }) =>
      apiFetch(id ? `/api/admin/colors/${encodeURIComponent(id)}` : "/api/admin/colors", {
        response: colorResponseSchema,
        method: id ? "PUT" : "POST",
        body: input,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteColor() {
  const invalidate = useInvalidateColors();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/admin/colors/${encodeURIComponent(id)}`, {
        response: colorDeletedResponseSchema,
        method: "DELETE",
      }),
    onSuccess: invalidate,
  });
}
