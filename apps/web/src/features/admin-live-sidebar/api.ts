import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  isReferenceSearch,
  liveClaimablesResponseSchema,
  liveHandleSuggestionsResponseSchema,
  liveSidebarAddResponseSchema,
  liveSidebarOrderResponseSchema,
  liveSidebarOrdersResponseSchema,
  liveSidebarProductsResponseSchema,
  liveShowPieceResponseSchema,
  liveSidebarPiecesResponseSchema,
  liveSidebarSourceHelpSchema,
  liveUnheardHandlesResponseSchema,
  type LiveSidebarAddInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { useLives } from "../admin-shared/api/lives";
import { query } from "../admin-shared/api/query-string";

const sidebarKey = ["admin", "live-sidebar"] as const;
const sidebarUrl = "/api/admin/live-sidebar";

/** The lives the sidebar sells in: the active ones, newest date first. */
export function useActiveLives() {
  const lives = useLives();
  return { ...lives, data: lives.data?.filter((live) => live.isActive) };
}

/** Whether the server offers the comment simulator (never in production): read once a session. */
export const sourceHelpQueryOptions = queryOptions({
  queryKey: [...sidebarKey, "source-help"],
  queryFn: ({ signal }) =>
    apiFetch(`${sidebarUrl}/source-help`, { response: liveSidebarSourceHelpSchema, signal }),
  staleTime: Infinity,
});

export function useSourceHelp() {
  return useQuery(sourceHelpQueryOptions);
}

export function liveOrdersQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: [...sidebarKey, liveId, "orders"],
    queryFn: ({ signal }) =>
      apiFetch(`${sidebarUrl}/orders${query({ liveId })}`, {
        response: liveSidebarOrdersResponseSchema,
        signal,
      }),
    select: (data) => data.orders,
    enabled: liveId !== "",
  });
}

export function useLiveOrders(liveId: string) {
  return useQuery(liveOrdersQueryOptions(liveId));
}

export function claimablesQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: [...sidebarKey, liveId, "claimables"],
    queryFn: ({ signal }) =>
      apiFetch(`${sidebarUrl}/claimables${query({ liveId })}`, {
        response: liveClaimablesResponseSchema,
        signal,
      }),
    enabled: liveId !== "",
  });
}

export function useClaimables(liveId: string) {
  return useQuery(claimablesQueryOptions(liveId));
}

/** How often the piece on show and the handles not heard are read again (another staff member's click, a test's end). */
const SIDEBAR_POLL_MS = 5_000;

/** The live's pieces to present, and the one on show. */
export function livePiecesQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: [...sidebarKey, liveId, "pieces"],
    queryFn: ({ signal }) =>
      apiFetch(`${sidebarUrl}/pieces${query({ liveId })}`, {
        response: liveSidebarPiecesResponseSchema,
        signal,
      }),
    enabled: liveId !== "",
    refetchInterval: SIDEBAR_POLL_MS,
  });
}

export function useLivePieces(liveId: string) {
  return useQuery(livePiecesQueryOptions(liveId));
}

/** 'Présenter': the piece on show changes for the customers' live pages. */
export function useShowPiece(liveId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiFetch(`${sidebarUrl}/shown`, {
        response: liveShowPieceResponseSchema,
        method: "POST",
        body: { liveId, productId },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: livePiecesQueryOptions(liveId).queryKey }),
  });
}

/** The handles whose comment test saw nothing: 'commentaires non reçus'. */
export function unheardHandlesQueryOptions(liveId: string) {
  return queryOptions({
    queryKey: [...sidebarKey, liveId, "unheard"],
    queryFn: ({ signal }) =>
      apiFetch(`${sidebarUrl}/unheard${query({ liveId })}`, {
        response: liveUnheardHandlesResponseSchema,
        signal,
      }),
    select: (data) => new Set(data.handles),
    enabled: liveId !== "",
    refetchInterval: SIDEBAR_POLL_MS,
  });
}

export function useUnheardHandles(liveId: string) {
  return useQuery(unheardHandlesQueryOptions(liveId));
}

/** Products of the live still for sale whose reference starts with `ref` (digits only). */
export function liveProductsQueryOptions(liveId: string, ref: string) {
  return queryOptions({
    queryKey: [...sidebarKey, liveId, "products", ref],
    queryFn: ({ signal }) =>
      apiFetch(`${sidebarUrl}/products${query({ liveId, ref })}`, {
        response: liveSidebarProductsResponseSchema,
        signal,
      }),
    select: (data) => data.products,
    enabled: liveId !== "" && isReferenceSearch(ref),
    staleTime: 0,
  });
}

export function useLiveProducts(liveId: string, ref: string) {
  return useQuery(liveProductsQueryOptions(liveId, ref));
}

/** Handles of users and of the live's viewers starting with `q`. */
export function useHandleSuggestions(liveId: string, q: string) {
  return useQuery({
    queryKey: [...sidebarKey, liveId, "handles", q],
    queryFn: ({ signal }) =>
      apiFetch(`${sidebarUrl}/handles${query({ q, liveId })}`, {
        response: liveHandleSuggestionsResponseSchema,
        signal,
      }),
    select: (data) => data.handles,
    enabled: q !== "",
  });
}

/** After a change, what it may have changed: the live's orders, what is still for sale, the order pages. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return async (liveId: string) => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: [...sidebarKey, liveId] }),
      queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
    ]);
  };
}

/** The one-gesture add: finds or creates the user, reuses or creates the order, adds the product. */
export function useSidebarAdd() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (input: LiveSidebarAddInput) =>
      apiFetch(`${sidebarUrl}/add`, { response: liveSidebarAddResponseSchema, method: "POST", body: input }),
    // A refusal may come from a stale screen (sold meanwhile): both ways, read again.
    onSettled: (_data, _error, input) => refresh(input.liveId),
  });
}

export function useDeleteSidebarItem(liveId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: ({ orderId, itemId }: { orderId: string; itemId: string }) =>
      apiFetch(`${sidebarUrl}/orders/${encodeURIComponent(orderId)}/items/${encodeURIComponent(itemId)}`, {
        response: liveSidebarOrderResponseSchema,
        method: "DELETE",
      }),
    onSettled: () => refresh(liveId),
  });
}

/** The live's product for sale with exactly this reference, read afresh, or null. */
export async function findAvailableProduct(queryClient: QueryClient, liveId: string, ref: number) {
  const data = await queryClient.fetchQuery(liveProductsQueryOptions(liveId, String(ref)));
  return data.products.find((product) => product.ref === ref) ?? null;
}
