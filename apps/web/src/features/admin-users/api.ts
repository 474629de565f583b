import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminUserListResponseSchema,
  adminUserOrdersResponseSchema,
  adminUserResponseSchema,
  auditEventListResponseSchema,
  impersonationStartedResponseSchema,
  type AdminUserEmailChangeInput,
  type AdminUserUpdateInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

const USERS_URL = "/api/admin/users";
const userUrl = (id: string) => `${USERS_URL}/${encodeURIComponent(id)}`;

export const adminUsersQueryOptions = queryOptions({
  queryKey: ["admin", "users"],
  queryFn: ({ signal }) => apiFetch(USERS_URL, { response: adminUserListResponseSchema, signal }),
  select: (data) => data.users,
});

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions);
}

export const userOrdersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminUsersQueryOptions.queryKey, userId, "orders"],
    queryFn: ({ signal }) =>
      apiFetch(`${userUrl(userId)}/orders`, { response: adminUserOrdersResponseSchema, signal }),
  });

export function useUserOrders(userId: string | null) {
  return useQuery({ ...userOrdersQueryOptions(userId ?? ""), enabled: userId !== null });
}

export const auditEventsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ["admin", "audit-events", page],
    queryFn: ({ signal }) =>
      apiFetch(`/api/admin/audit-events?page=${page}`, { response: auditEventListResponseSchema, signal }),
  });

export function useAuditEvents(page: number) {
  return useQuery({ ...auditEventsQueryOptions(page), placeholderData: keepPreviousData });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserUpdateInput }) =>
      apiFetch(userUrl(id), { method: "PATCH", body: input, response: adminUserResponseSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "audit-events"] }),
      ]),
  });
}

/** The audit log gains the change: it is read again with the list. */
export function useChangeUserEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AdminUserEmailChangeInput }) =>
      apiFetch(`${userUrl(id)}/email`, { method: "PUT", body: input, response: adminUserResponseSchema }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: ["admin", "audit-events"] }),
      ]),
  });
}

/** The server switches the browser's session to the customer's; the caller then leaves the back office. */
export function useStartImpersonation() {
  return useMutation({
    mutationFn: (userId: string) =>
      apiFetch("/api/auth/impersonation", {
        method: "POST",
        body: { userId },
        response: impersonationStartedResponseSchema,
      }),
  });
}
