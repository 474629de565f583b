import { liveMessages, type LiveViewer } from "@vitrine/domain";
import { UserIcon } from "lucide-react";
import { useMemo } from "react";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { formatDateTime } from "../../../lib/format";
import { useLiveViewers } from "../api";

export function LiveViewersTable({ liveId }: { liveId: string }) {
  const viewers = useLiveViewers(liveId);
  const columns = useMemo<ColumnDef<LiveViewer>[]>(
    () => [
      {
        id: "avatar",
        header: "Avatar",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.avatarUrl ? (
            <img src={row.original.avatarUrl} alt="" className="size-8 rounded-full object-cover" />
          ) : (
            <span className="flex size-8 items-center justify-center rounded-full bg-muted" aria-hidden>
              <UserIcon className="size-4 text-muted-foreground" />
            </span>
          ),
      },
      {
        id: "name",
        header: "Nom",
        accessorFn: (viewer) => viewer.displayName ?? viewer.tiktokUsername,
        cell: ({ row }) => (
          <div className="flex flex-col">
            <span className="font-medium">{row.original.displayName ?? row.original.tiktokUsername}</span>
            {row.original.displayName ? (
              <span className="text-xs text-muted-foreground">@{row.original.tiktokUsername}</span>
            ) : null}
          </div>
        ),
      },
      {
        id: "tiktokUserId",
        header: "ID TikTok",
        accessorFn: (viewer) => viewer.tiktokUserId ?? "Non disponible",
      },
      {
        accessorKey: "createdAt",
        header: "Arrivée",
        cell: ({ row }) => formatDateTime(row.original.createdAt),
      },
    ],
    [],
  );

  if (viewers.isError) {
    return <LoadError message={liveMessages.detailLoadFailed} onRetry={() => void viewers.refetch()} />;
  }
  return (
    <DataTable
      caption="Utilisateurs dans ce live"
      columns={columns}
      rows={viewers.data}
      getRowId={(viewer) => viewer.id}
      isLoading={viewers.isPending}
      emptyText={liveMessages.noUsers}
      sortParam="tri-utilisateurs"
    />
  );
}
