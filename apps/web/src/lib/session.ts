import { queryOptions, useQuery } from "@tanstack/react-query";
import { sessionResponseSchema, userFullName, type SessionUser } from "@vitrine/domain";
import { apiFetch, isApiError } from "./api-client";

/** The signed-in person, shared by the guards, the shells and every auth page. */
export const sessionQueryOptions = queryOptions({
  queryKey: ["auth", "session"],
  queryFn: ({ signal }) => apiFetch("/api/auth/session", { response: sessionResponseSchema, signal }),
  staleTime: 30_000,
  retry: (failureCount, error) => !(isApiError(error) && error.status === 401) && failureCount < 2,
});

export function useSession() {
  return useQuery(sessionQueryOptions);
}

export function sessionUserDisplayName(user: SessionUser): string {
  return userFullName(user) || user.email;
}

export type SessionState =
  | { status: "loading" }
  | { status: "error"; retry: () => void }
  | { status: "ready"; user: SessionUser | null };

/** The session reduced to what screens decide on; a 401 simply means nobody is signed in. */
export function useSessionState(): SessionState {
  const query = useSession();
  if (query.data) return { status: "ready", user: query.data.user };
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 401) return { status: "ready", user: null };
    return { status: "error", retry: () => void query.refetch() };
  }
  return { status: "loading" };
}
