import { auditActionLabel, auditMessages, formatEuros, shownEmail, type AuditEvent } from "@vitrine/domain";
import { ArrowLeftIcon, ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Link } from "react-router";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useUrlParam } from "../../../lib/use-url-param";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useAuditEvents } from "../api";

/** What a line's details say to a reader; technical ones (session ids) stay out. */
function detailsText(details: AuditEvent["details"]): string {
  const parts: string[] = [];
  if (typeof details.expiresAt === "string") parts.push(`Fin prévue : ${formatDateTime(details.expiresAt)}`);
  if (details.via === "sign-out") parts.push("Par déconnexion");
  if (typeof details.request === "string") parts.push(`Requête : ${details.request}`);
  if (details.identityCreated === true) parts.push("Compte de connexion créé");
  if (typeof details.tiktokUsername === "string") parts.push(`Pseudo : @${details.tiktokUsername}`);
  // Payments to review: which order, how much, and the provider's reference.
  if (typeof details.orderNumber === "string") parts.push(`Commande ${details.orderNumber}`);
  if (typeof details.amountCents === "number" && details.currency === "EUR") {
    parts.push(formatEuros(details.amountCents));
  }
  if (typeof details.transactionId === "string") parts.push(`Paiement ${details.transactionId}`);
  // An e-mail changed by staff: both addresses (a placeholder or none reads as no address).
  if (typeof details.newEmail === "string") {
    const previous = typeof details.previousEmail === "string" ? shownEmail(details.previousEmail) : null;
    parts.push(`E-mail : ${previous ?? "aucun"} → ${details.newEmail}`);
  }
  return parts.join(" · ");
}

const columns: ColumnDef<AuditEvent>[] = [
  {
    id: "date",
    header: "Date",
    enableSorting: false,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.createdAt)}</span>,
  },
  {
    id: "action",
    header: "Action",
    enableSorting: false,
    cell: ({ row }) => <span className="font-medium">{auditActionLabel(row.original.action)}</span>,
  },
  { id: "actor", header: "Par", enableSorting: false, cell: ({ row }) => row.original.actor?.name ?? "—" },
  {
    id: "subject",
    header: "Utilisateur concerné",
    enableSorting: false,
    cell: ({ row }) => row.original.subject?.name ?? "—",
  },
  {
    id: "details",
    header: "Détails",
    enableSorting: false,
    cell: ({ row }) => <span className="text-muted-foreground">{detailsText(row.original.details)}</span>,
  },
];

/** The audit log: impersonations, rights changes and merges, newest first, 50 a page. */
export function AuditLogPage() {
  const [pageParam, setPageParam] = useUrlParam("page");
  const page = Math.max(1, Number.parseInt(pageParam, 10) || 1);
  const events = useAuditEvents(page);
  const pageCount = events.data ? Math.max(1, Math.ceil(events.data.total / events.data.pageSize)) : 1;
  const goTo = (next: number) => setPageParam(next > 1 ? String(next) : "");

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={auditMessages.title}>
        <Button asChild variant="outline">
          <Link to={paths.admin.users()}>
            <ArrowLeftIcon aria-hidden />
            Retour aux utilisateurs
          </Link>
        </Button>
      </PageHeader>
      {events.isError ? (
        <LoadError message={auditMessages.loadFailed} onRetry={() => void events.refetch()} />
      ) : (
        <>
          <DataTable
            caption={auditMessages.title}
            columns={columns}
            rows={events.data?.events}
            getRowId={(event) => event.id}
            isLoading={events.isPending}
            emptyText={auditMessages.empty}
          />
          <nav aria-label="Pages du journal" className="flex items-center justify-between gap-2 text-sm">
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            >
              <ChevronLeftIcon aria-hidden />
              Précédents
            </Button>
            <span>
              Page {page} sur {pageCount}
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              disabled={page >= pageCount}
              onClick={() => goTo(page + 1)}
            >
              Suivants
              <ChevronRightIcon aria-hidden />
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
