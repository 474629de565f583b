import { liveMessages, type Live } from "@vitrine/domain";
import { PlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { toast } from "../../../lib/toast";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { Switch } from "../../../components/ui/switch";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useLives } from "../../admin-shared/api/lives";
import { useSetLiveActive } from "../api";
import { LiveStatusBadge } from "../components/live-status-badge";
import { NewLiveDialog } from "../components/new-live-dialog";

export function LivesPage() {
  const lives = useLives();
  const { mutate: setLiveActive } = useSetLiveActive();
  const [creating, setCreating] = useState(false);

  const columns = useMemo<ColumnDef<Live>[]>(
    () => [
      {
        accessorKey: "title",
        header: "Titre",
        cell: ({ row }) => (
          <Link to={paths.admin.live(row.original.id)} className="font-medium text-primary hover:underline">
            {row.original.title}
          </Link>
        ),
      },
      { accessorKey: "ref", header: "Référence" },
      {
        accessorKey: "liveDate",
        header: "Date",
        cell: ({ row }) => <span className="whitespace-nowrap">{formatDateTime(row.original.liveDate)}</span>,
      },
      {
        id: "status",
        accessorFn: (live) => (live.isActive ? "Actif" : "Inactif"),
        header: "Statut",
        cell: ({ row }) => {
          const live = row.original;
          return (
            <div className="flex items-center gap-3">
              <Switch
                checked={live.isActive}
                aria-label={`Live actif : ${live.title}`}
                onCheckedChange={(isActive) =>
                  setLiveActive(
                    { id: live.id, isActive },
                    {
                      onSuccess: () =>
                        toast.success(
                          isActive
                            ? liveMessages.activated(live.title)
                            : liveMessages.deactivated(live.title),
                        ),
                      onError: () => toast.error(liveMessages.toggleFailed),
                    },
                  )
                }
              />
              <LiveStatusBadge isActive={live.isActive} />
            </div>
          );
        },
      },
      {
        id: "detail",
        header: "Détail",
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            to={paths.admin.live(row.original.id)}
            className="relative text-sm text-primary hover:underline"
          >
            Voir<span className="sr-only"> le live {row.original.title}</span>
          </Link>
        ),
      },
    ],
    [setLiveActive],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Lives">
        <Button type="button" onClick={() => setCreating(true)}>
          <PlusIcon aria-hidden />
          Nouveau live
        </Button>
      </PageHeader>
      {lives.isError ? (
        <LoadError message={liveMessages.loadFailed} onRetry={() => void lives.refetch()} />
      ) : (
        <DataTable
          caption="Lives, du plus récent au plus ancien"
          columns={columns}
          rows={lives.data}
          getRowId={(live) => live.id}
          isLoading={lives.isPending}
          emptyText={liveMessages.noLives}
          search={{ label: "Rechercher un live", placeholder: "Titre ou référence" }}
        />
      )}
      {creating ? <NewLiveDialog onClose={() => setCreating(false)} /> : null}
    </div>
  );
}
