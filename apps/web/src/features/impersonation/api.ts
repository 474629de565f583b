import { useMutation } from "@tanstack/react-query";
import { impersonationEndedResponseSchema } from "@vitrine/domain";
import { apiFetch } from "../../lib/api-client";

/** Ends the impersonation: the server gives the browser the admin's own session back. */
export function useEndImpersonation() {
  return useMutation({
    mutationFn: () =>
      apiFetch("/api/auth/impersonation", { method: "DELETE", response: impersonationEndedResponseSchema }),
  });
}
