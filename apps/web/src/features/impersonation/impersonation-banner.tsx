import { impersonationMessages, type SessionUser } from "@vitrine/domain";
import { UserCheckIcon } from "lucide-react";
import { BusyButton } from "../../components/ui/busy-button";
import { errorMessage } from "../../lib/api-client";
import { paths } from "../../lib/paths";
import { sessionUserDisplayName, useSession } from "../../lib/session";
import { toast } from "../../lib/toast";
import { useEndImpersonation } from "./api";

// Intl rather than date-fns: this banner sits in the customer area's first load.
const timeFormat = new Intl.DateTimeFormat("fr-FR", { hour: "2-digit", minute: "2-digit" });

/**
 * Shown above the customer area while staff act as this customer: who they are seen as, until
 * when, and the way back to the back office (the admin's own session, no new sign-in).
 */
export function ImpersonationBanner({ user }: { user: SessionUser }) {
  const session = useSession();
  const end = useEndImpersonation();
  const impersonation = session.data?.impersonation;
  if (!impersonation) return null;

  const backToAdmin = () =>
    end.mutate(undefined, {
      // A full load: nothing the customer's pages cached may show in the back office.
      onSuccess: () => window.location.assign(paths.admin.users()),
      onError: (error) => toast.error(impersonationMessages.endFailed, { description: errorMessage(error) }),
    });

  return (
    <section
      aria-label="Impersonification en cours"
      className="border-b border-amber-300 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-2 px-4 py-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm">
          <UserCheckIcon className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <strong>{impersonationMessages.banner(sessionUserDisplayName(user))}</strong>
            <span className="text-amber-900">
              {" "}
              (jusqu'à {timeFormat.format(new Date(impersonation.expiresAt))}).{" "}
              {impersonationMessages.signOutEndsBoth}
            </span>
          </span>
        </p>
        <BusyButton type="button" size="sm" variant="outline" busy={end.isPending} onClick={backToAdmin}>
          Revenir à l'administration
        </BusyButton>
      </div>
    </section>
  );
}
