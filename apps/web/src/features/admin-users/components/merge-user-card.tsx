import { formatEuros, userMergeMessages, type UserMergeOrder, shownEmail } from "@vitrine/domain";
import { XIcon } from "lucide-react";
import { useMemo, type ReactNode } from "react";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Skeleton } from "../../../components/ui/skeleton";
import { isApiError } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { useUserMergeDetails } from "../user-merge-api";
import { displayNameOf } from "./user-name";
import { UserSearch } from "./user-search";

export interface MergeUserCardProps {
  side: "source" | "destination";
  /** The selected user's id, "" when none. */
  userId: string;
  onSelect: (userId: string) => void;
  onClear: () => void;
}

const titles = { source: "Utilisateur source", destination: "Utilisateur destination" } as const;
const descriptions = {
  source: "Le compte dont les commandes seront transférées.",
  destination: "Le compte qui recevra les commandes.",
} as const;

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-all">{children}</dd>
    </div>
  );
}

/** One side of the merge: a search until a user is chosen, then that user and their orders. */
export function MergeUserCard({ side, userId, onSelect, onClear }: MergeUserCardProps) {
  const headingId = `merge-${side}-heading`;
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>{titles[side]}</CardTitle>
        <CardDescription>{descriptions[side]}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {userId ? (
          <SelectedUser side={side} userId={userId} onClear={onClear} />
        ) : (
          <UserSearch sideLabel={side} onSelect={onSelect} />
        )}
      </CardContent>
    </Card>
  );
}

function ClearButton({ side, onClear }: { side: MergeUserCardProps["side"]; onClear: () => void }) {
  return (
    <Button type="button" variant="outline" size="sm" className="self-start" onClick={onClear}>
      <XIcon aria-hidden />
      Effacer la sélection<span className="sr-only"> de l'utilisateur {side}</span>
    </Button>
  );
}

function SelectedUser({
  side,
  userId,
  onClear,
}: {
  side: MergeUserCardProps["side"];
  userId: string;
  onClear: () => void;
}) {
  const user = useUserMergeDetails(userId);
  const columns = useMemo<ColumnDef<UserMergeOrder>[]>(
    () => [
      {
        accessorKey: "orderNumber",
        header: "Numéro",
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.orderNumber}</span>,
      },
      {
        accessorKey: "orderDate",
        header: "Date",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDateTime(row.original.orderDate)}</span>
        ),
      },
      {
        accessorKey: "status",
        header: "Statut",
        cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
      },
      {
        accessorKey: "totalAmountCents",
        header: "Total",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatEuros(row.original.totalAmountCents)}</span>
        ),
      },
    ],
    [],
  );

  if (user.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy>
        <Skeleton className="h-5 w-48" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (user.isError) {
    // An id that is not one (400) names nobody either.
    const missing = isApiError(user.error) && (user.error.status === 404 || user.error.status === 400);
    return (
      <div className="flex flex-col gap-3">
        {missing ? (
          <Alert variant="error">
            <p>{userMergeMessages.userNotFound}</p>
          </Alert>
        ) : (
          <LoadError message={userMergeMessages.loadFailed} onRetry={() => void user.refetch()} />
        )}
        <ClearButton side={side} onClear={onClear} />
      </div>
    );
  }
  const details = user.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg font-semibold">{displayNameOf(details)}</p>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Detail label="Nom">{details.lastName ?? "—"}</Detail>
        <Detail label="Prénom">{details.firstName ?? "—"}</Detail>
        <Detail label="Email">{shownEmail(details.email) ?? "—"}</Detail>
        <Detail label="Pseudo TikTok">
          {details.tiktokUsername ? `@${details.tiktokUsername}` : "Aucun pseudo"}
        </Detail>
        <Detail label="Créé le">{formatDateTime(details.createdAt)}</Detail>
        <Detail label="Compte actif">{details.hasAccount ? "Oui" : "Non"}</Detail>
      </dl>
      <DataTable
        caption={`Commandes de l'utilisateur ${side} (${details.orders.length})`}
        columns={columns}
        rows={details.orders}
        getRowId={(order) => order.id}
        isLoading={false}
        emptyText="Aucune commande"
        sortParam={`tri-${side}`}
      />
      <p className="text-sm text-muted-foreground">
        {details.orders.length} commande{details.orders.length > 1 ? "s" : ""}
      </p>
      <ClearButton side={side} onClear={onClear} />
    </div>
  );
}
