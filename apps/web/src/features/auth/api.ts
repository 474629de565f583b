import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  mailSentResponseSchema,
  signedInResponseSchema,
  signedOutResponseSchema,
  tiktokUsernameCheckResponseSchema,
  type AdminSignInInput,
  type MagicLinkRequest,
  type SignedInResponse,
  type SignupInput,
} from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";
import { sessionQueryOptions } from "../../lib/session";

/** `next`: the page the mailed link returns to once signed in (the server keeps it only if safe). */
export function requestMagicLink(request: MagicLinkRequest) {
  return apiFetch("/api/auth/magic-link", {
    response: mailSentResponseSchema,
    method: "POST",
    body: request,
  });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}

export function checkTiktokUsername(username: string) {
  return apiFetch("/api/auth/check-tiktok-username", {
    response: tiktokUsernameCheckResponseSchema,
    method: "POST",
    body: { username },
  });
}

export function signup(input: SignupInput) {
  return apiFetch("/api/auth/signup", { response: mailSentResponseSchema, method: "POST", body: input });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

/** Puts the signed-in user in the cache so guards let them through without a second round trip. */
function useStoreSignedInUser() {
  const queryClient = useQueryClient();
  return ({ user }: SignedInResponse) => {
    queryClient.setQueryData(sessionQueryOptions.queryKey, { user });
    void queryClient.invalidateQueries({ queryKey: sessionQueryOptions.queryKey });
  };
}

export function verifyMagicLink(token: string) {
  return apiFetch("/api/auth/magic-link/verify", {
    response: signedInResponseSchema,
    method: "POST",
    body: { token },
  });
}

export function useVerifyMagicLink() {
  const storeSignedInUser = useStoreSignedInUser();
  return useMutation({ mutationFn: verifyMagicLink, onSuccess: storeSignedInUser });
}

export function adminSignIn(input: AdminSignInInput) {
  return apiFetch("/api/auth/admin/sign-in", {
    response: signedInResponseSchema,
    method: "POST",
    body: input,
  });
}

export function useAdminSignIn() {
  const storeSignedInUser = useStoreSignedInUser();
  return useMutation({ mutationFn: adminSignIn, onSuccess: storeSignedInUser });
}

export function signOut() {
  return apiFetch("/api/auth/sign-out", { response: signedOutResponseSchema, method: "POST" });
}

/** Signing out forgets every cached read, success or not: nothing of the last user may linger. */
export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signOut, onSettled: () => queryClient.removeQueries() });
}
