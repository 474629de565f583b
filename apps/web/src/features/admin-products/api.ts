import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  bulkProductsResponseSchema,
  nextRefResponseSchema,
  productDeletedResponseSchema,
  productListResponseSchema,
  productResponseSchema,
  type BulkProductsInput,
  type ProductInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const productsKey = ["admin", "products"] as const;

/** Products of one live, or of every live with `liveId` null; highest reference first. */
export function productsQueryOptions(liveId: string | null) {
  return queryOptions({
    queryKey: [...productsKey, "list", { liveId }],
    queryFn: ({ signal }) =>
      apiFetch(liveId ? `/api/admin/products?liveId=${encodeURIComponent(liveId)}` : "/api/admin/products", {
        response: productListResponseSchema,
        signal,
      }),
    select: (data) => data.products,
  });
}

export function useProducts(liveId: string | null, enabled = true) {
  return useQuery({ ...productsQueryOptions(liveId), enabled });
}

export const recentProductsQueryOptions = queryOptions({
  queryKey: [...productsKey, "recent"],
  queryFn: ({ signal }) =>
    apiFetch("/api/admin/products/recent", { response: productListResponseSchema, signal }),
  select: (data) => data.products,
});

export function useRecentProducts() {
  return useQuery(recentProductsQueryOptions);
}

/** Where the bulk form starts for a live; always asked afresh, another tab may have added some. */
export function nextRefQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: [...productsKey, "next-ref", liveId],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/products/next-ref?liveId=${encodeURIComponent(liveId)}`, {
        response: nextRefResponseSchema,
        signal,
      }),
    staleTime: 0,
  });
}

function useInvalidateProducts() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: productsKey });
}

export function useSaveProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ProductInput }) =>
      apiFetch(id ? `/api/admin/products/${encodeURIComponent(id)}` : "/api/admin/products", {
        response: productResponseSchema,
        method: id ? "PUT" : "POST",
        body: input,
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteProduct() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/admin/products/${encodeURIComponent(id)}`, {
        response: productDeletedResponseSchema,
        method: "DELETE",
      }),
    onSuccess: invalidate,
  });
}

export function useCreateBulkProducts() {
  const invalidate = useInvalidateProducts();
  return useMutation({
    mutationFn: (input: BulkProductsInput) =>
      apiFetch("/api/admin/products/bulk", {
        response: bulkProductsResponseSchema,
        method: "POST",
        body: input,
      }),
    onSuccess: invalidate,
  });
}
