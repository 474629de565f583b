import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { shopSettingsResponseSchema, type ShopSettingsRequest } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const SETTINGS_URL = "/api/admin/shop-settings";

export function shopSettingsQueryOptions() {
  return queryOptions({
    queryKey: ["admin", "shop-settings"],
    queryFn: ({ signal }) => apiFetch(SETTINGS_URL, { response: shopSettingsResponseSchema, signal }),
    select: (data) => data.settings,
  });
}

export function useShopSettings() {
  return useQuery(shopSettingsQueryOptions());
}

export function useSaveShopSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ShopSettingsRequest) =>
      apiFetch(SETTINGS_URL, { response: shopSettingsResponseSchema, method: "PUT", body: settings }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: shopSettingsQueryOptions().queryKey }),
  });
}
