import {
  adminUserMessages,
  impersonationMessages,
  userDisplayName,
  userMatchesSearch,
  type AdminUser,
} from "@vitrine/domain";
import { HistoryIcon, MergeIcon, SearchIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { DataTable } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useUrlParam } from "../../../lib/use-url-param";
import { CsvExportButton } from "../../admin-shared/components/csv-export-button";
import { PageHeader } from "../../admin-shared/components/page-header";
import { SendMessageDialog } from "../../admin-shared/components/send-message-dialog";
import { useAdminUsers, useStartImpersonation } from "../api";
import { ChangeEmailDialog } from "../components/change-email-dialog";
import { EditUserDialog } from "../components/edit-user-dialog";
import { LiveAccountsDialog } from "../components/live-accounts-dialog";
import { userColumns, type MergeSelection } from "../components/user-columns";
import { UserOrdersDialog } from "../components/user-orders-dialog";

const SEARCH_ID = "users-search";

/** The server's refusal as it says it; its own failure to open the session; else the spec's fallback. */
function impersonationFailure(error: unknown): string {
  if (!isApiError(error)) return impersonationMessages.failed;
  return error.status >= 500 ? impersonationMessages.linkFailed : error.message;
}

/** /admin/users (spec section 2 'Users'). */
export function UsersPage() {
  const users = useAdminUsers();
  const impersonation = useStartImpersonation();
  const [search, setSearch] = useUrlParam("recherche");
  const [selection, setSelection] = useState<MergeSelection>({ source: null, destination: null });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [changingEmail, setChangingEmail] = useState<AdminUser | null>(null);
  const [ordersOf, setOrdersOf] = useState<AdminUser | null>(null);
  const [impersonating, setImpersonating] = useState<AdminUser | null>(null);
  const [messaging, setMessaging] = useState<AdminUser | null>(null);
  const [liveAccountsOf, setLiveAccountsOf] = useState<AdminUser | null>(null);

  const shown = useMemo(
    () => users.data?.filter((user) => userMatchesSearch(user, search)),
    [users.data, search],
  );

  const columns = useMemo(
    () =>
      userColumns({
        selection,
        onSelect: setSelection,
        onShowOrders: setOrdersOf,
        onEdit: setEditing,
        onMessage: setMessaging,
        onLiveAccounts: setLiveAccountsOf,
        onImpersonate: (user) => {
          if (!user.email) toast.error(impersonationMessages.noEmail);
          else setImpersonating(user);
        },
      }),
    [selection],
  );

  const confirmImpersonation = () => {
    if (!impersonating) return;
    impersonation.mutate(impersonating.id, {
      // A full load: the customer area starts from the new session, with nothing of the back office cached.
      onSuccess: () => window.location.assign(paths.customer.home()),
      onError: (error) => {
        setImpersonating(null);
        toast.error(impersonationFailure(error));
      },
    });
  };

  const mergeLink = paths.admin.userMerge({
    source: selection.source ?? undefined,
    destination: selection.destination ?? undefined,
  });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Gestion des utilisateurs">
        <CsvExportButton url="/api/admin/exports/users.csv" fallbackName="utilisateurs.csv" />
        <Button asChild variant="outline">
          <Link to={paths.admin.auditLog()}>
            <HistoryIcon aria-hidden />
            Journal d'audit
          </Link>
        </Button>
      </PageHeader>

      <div className="flex max-w-md flex-col gap-1.5">
        <Label htmlFor={SEARCH_ID}>Rechercher un utilisateur</Label>
        <div className="relative">
          <SearchIcon className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            id={SEARCH_ID}
            type="search"
            className="pl-9"
            placeholder="Rechercher par email, pseudo TikTok ou nom"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>

      <section aria-labelledby="users-list-title" className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="users-list-title" className="text-lg font-semibold">
            Liste des utilisateurs ({shown?.length ?? 0})
          </h2>
          <Button asChild variant="outline" size="sm">
            <Link to={mergeLink}>
              <MergeIcon aria-hidden />
              Fusionner des comptes
            </Link>
          </Button>
        </div>
        {users.isError ? (
          <LoadError message={adminUserMessages.loadFailed} onRetry={() => void users.refetch()} />
        ) : (
          <DataTable
            caption="Liste des utilisateurs"
            columns={columns}
            rows={shown}
            getRowId={(user) => user.id}
            isLoading={users.isPending}
            emptyText={search.trim() ? adminUserMessages.noMatch : adminUserMessages.empty}
          />
        )}
      </section>

      {editing ? (
        <EditUserDialog
          key={editing.id}
          user={editing}
          onClose={() => setEditing(null)}
          onChangeEmail={() => {
            setEditing(null);
            setChangingEmail(editing);
          }}
        />
      ) : null}
      {changingEmail ? (
        <ChangeEmailDialog
          key={changingEmail.id}
          user={changingEmail}
          onClose={() => setChangingEmail(null)}
        />
      ) : null}
      {ordersOf ? (
        <UserOrdersDialog
          user={{ id: ordersOf.id, name: userDisplayName(ordersOf), email: ordersOf.email }}
          onClose={() => setOrdersOf(null)}
        />
      ) : null}
      {liveAccountsOf ? (
        <LiveAccountsDialog
          key={liveAccountsOf.id}
          user={{ id: liveAccountsOf.id, name: userDisplayName(liveAccountsOf) }}
          onClose={() => setLiveAccountsOf(null)}
        />
      ) : null}
      <SendMessageDialog
        open={messaging !== null}
        onOpenChange={(open) => !open && setMessaging(null)}
        recipients={
          messaging
            ? [{ userId: messaging.id, email: messaging.email, name: userDisplayName(messaging) }]
            : []
        }
      />
      <ConfirmDialog
        open={impersonating !== null}
        onOpenChange={(open) => !open && setImpersonating(null)}
        title={`Se connecter en tant que ${impersonating ? userDisplayName(impersonating) : ""}`}
        description={impersonationMessages.confirm}
        confirmLabel="Confirmer"
        pending={impersonation.isPending}
        onConfirm={confirmImpersonation}
      />
    </div>
  );
}
