import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { customerProfileResponseSchema, type ProfileUpdateInput } from "@vitrine/domain";
import { apiFetch } from "../../../lib/api-client";
import { sessionQueryOptions } from "../../../lib/session";

export const customerProfileQueryOptions = queryOptions({
  queryKey: ["customer", "profile"],
  queryFn: ({ signal }) =>
    apiFetch("/api/customer/profile", { response: customerProfileResponseSchema, signal }),
  select: (data) => data.profile,
});

export function useCustomerProfile() {
  return useQuery(customerProfileQueryOptions);
}

/**
 * The header shows the session's name and the shell checks its handle: both come back from the
 * server before the mutation counts as done.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProfileUpdateInput) =>
      apiFetch("/api/customer/profile", {
        response: customerProfileResponseSchema,
        method: "PUT",
        body: input,
      }),
    onSuccess: async (data) => {
      queryClient.setQueryData(customerProfileQueryOptions.queryKey, data);
      await queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
    },
  });
}
