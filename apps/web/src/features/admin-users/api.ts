import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminUserListResponseSchema,
  adminUserOrdersResponseSchema,
  adminUserResponseSchema,
  auditEventListResponseSchema,
  impersonationStartedResponseSchema,
  staffLiveAccountsResponseSchema,
  type AdminUserEmailChangeInput,
  type AdminUserUpdateInput,
  type HandlePlatform,
  type StaffLiveAccount,
  type StaffLiveAccountLink,
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

/** A user's accounts on the platforms beside TikTok ('Comptes de live'). */
export const userLiveAccountsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...adminUsersQueryOptions.queryKey, userId, "live-accounts"],
    queryFn: ({ signal }) =>
      apiFetch(`${userUrl(userId)}/live-accounts`, { response: staffLiveAccountsResponseSchema, signal }),
    select: (data) => data.accounts,
  });

export function useUserLiveAccounts(userId: string) {
  return useQuery(userLiveAccountsQueryOptions(userId));
}

/** A link or an unlink answers with the user's accounts; the audit log gains the change. */
function useLiveAccountChange<Input>(
  userId: string,
  change: (input: Input) => Promise<{ accounts: StaffLiveAccount[] }>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (data) => {
      queryClient.setQueryData(userLiveAccountsQueryOptions(userId).queryKey, data);
      await queryClient.invalidateQueries({ queryKey: ["admin", "audit-events"] });
    },
  });
}

export function useLinkLiveAccount(userId: string) {
  return useLiveAccountChange(userId, (input: StaffLiveAccountLink) =>
    apiFetch(`${userUrl(userId)}/live-accounts`, {
      method: "POST",
      body: input,
      response: staffLiveAccountsResponseSchema,
    }),
  );
}

export function useUnlinkLiveAccount(userId: string) {
  return useLiveAccountChange(userId, (platform: HandlePlatform) =>
    apiFetch(`${userUrl(userId)}/live-accounts/${platform}`, {
      method: "DELETE",
      response: staffLiveAccountsResponseSchema,
    }),
  );
}
