import { useSessionState } from "../lib/session";
import { CustomerShell } from "./customer-shell";
import { PublicLayout } from "./public-layout";
import { SessionLoading } from "./session-fallbacks";

/** For public pages that also belong to the customer area (the FAQ): the frame follows the visitor. */
export function SessionAwareLayout() {
  const session = useSessionState();
  if (session.status === "loading") return <SessionLoading />;
  return session.status === "ready" && session.user ? <CustomerShell /> : <PublicLayout />;
}
