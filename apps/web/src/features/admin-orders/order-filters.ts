import {
  adminOrderListQuerySchema,
  isOrderSearchLongEnough,
  ORDER_STATUSES,
  ORDERS_PAGE_SIZE,
  ORDERS_PAGE_SIZE_MAX,
  orderSearchTerm,
  type AdminOrderFilters,
  type OrderStatus,
} from "@vitrine/domain";
import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";

/** The filters' names in the page's URL, which can be shared and reloaded. */
const PARAMS = {
  status: "statut",
  liveId: "live",
  userId: "utilisateur",
  q: "recherche",
  page: "page",
  pageSize: "parPage",
} as const;
export type OrderFilterName = keyof typeof PARAMS;
const FILTER_NAMES: readonly OrderFilterName[] = ["status", "liveId", "userId", "q", "page", "pageSize"];

export const PAGE_SIZES = [ORDERS_PAGE_SIZE, ORDERS_PAGE_SIZE_MAX] as const;

// The API's own checks on a live and a user: the page never sends what the API refuses.
const isLiveId = (value: string) => adminOrderListQuerySchema.shape.liveId.safeParse(value).success;
const isUserId = (value: string) => adminOrderListQuerySchema.shape.userId.safeParse(value).success;
const isStatus = (value: string): value is OrderStatus => ORDER_STATUSES.some((status) => status === value);

/** The API query of the URL's values; a value the API would refuse (hand-edited URL) is left out. */
export function orderListQueryOf(values: Record<OrderFilterName, string>): AdminOrderFilters {
  const page = Number(values.page);
  const pageSize = Number(values.pageSize);
  const q = orderSearchTerm(values.q);
  return {
    ...(isStatus(values.status) ? { status: values.status } : {}),
    ...(isLiveId(values.liveId) ? { liveId: values.liveId } : {}),
    ...(isUserId(values.userId) ? { userId: values.userId } : {}),
    ...(q && isOrderSearchLongEnough(q) ? { q } : {}),
    page: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PAGE_SIZES.some((size) => size === pageSize) ? pageSize : ORDERS_PAGE_SIZE,
  };
}

/**
 * The list's filters as the URL holds them. Changing a filter goes back to the first page; the
 * history entry is replaced, so typing does not fill the back button.
 */
export function useOrderFilters() {
  const [params, setParams] = useSearchParams();
  const values = useMemo(() => {
    const read = (name: OrderFilterName) => params.get(PARAMS[name]) ?? "";
    return {
      status: read("status"),
      liveId: read("liveId"),
      userId: read("userId"),
      q: read("q"),
      page: read("page"),
      pageSize: read("pageSize"),
    };
  }, [params]);
  const query = useMemo(() => orderListQueryOf(values), [values]);

  const update = useCallback(
    (changes: Partial<Record<OrderFilterName, string>>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (!("page" in changes)) next.delete(PARAMS.page);
          for (const name of FILTER_NAMES) {
            if (!(name in changes)) continue;
            const value = changes[name];
            if (value) next.set(PARAMS[name], value);
            else next.delete(PARAMS[name]);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const reset = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);
  return { values, query, update, reset };
}
