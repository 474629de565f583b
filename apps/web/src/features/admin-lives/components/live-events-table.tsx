import { LIVE_EVENT_DETAILS_MS, liveEventTypeLabel, liveMessages, type TiktokEvent } from "@vitrine/domain";
import { RefreshCwIcon } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { formatDateTime } from "../../../lib/format";
import { useLiveEvents } from "../api";

/** Shows one event's payload at a time, for LIVE_EVENT_DETAILS_MS. */
function useTimedDetails() {
  const [shownId, setShownId] = useState<string | null>(null);
  useEffect(() => {
    if (!shownId) return;
    const timer = setTimeout(() => setShownId(null), LIVE_EVENT_DETAILS_MS);
    return () => clearTimeout(timer);
  }, [shownId]);
  return [shownId, setShownId] as const;
}

export function LiveEventsTable({ liveId }: { liveId: string }) {
  const events = useLiveEvents(liveId);
  const [shownId, setShownId] = useTimedDetails();

  const columns = useMemo<ColumnDef<TiktokEvent>[]>(
    () => [
      { id: "eventType", header: "Type", accessorFn: (event) => liveEventTypeLabel(event.eventType) },
      {
        id: "user",
        header: "Utilisateur",
        accessorFn: (event) => event.userNickname ?? event.userUniqueId ?? "",
      },
      {
        id: "comment",
        header: "Commentaire",
        accessorFn: (event) => event.comment ?? "Pas de message",
        cell: ({ row }) =>
          row.original.comment ?? <span className="text-muted-foreground">Pas de message</span>,
      },
      {
        accessorKey: "createTime",
        header: "Date",
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDateTime(new Date(row.original.createTime))}</span>
        ),
      },
      {
        id: "details",
        header: "Détails",
        enableSorting: false,
        cell: ({ row }) =>
          shownId === row.original.id ? (
            <pre className="max-w-md overflow-x-auto rounded-md bg-muted p-2 text-xs" aria-live="polite">
              {JSON.stringify(row.original.payload, null, 2)}
            </pre>
          ) : (
            <Button type="button" variant="outline" size="sm" onClick={() => setShownId(row.original.id)}>
              Détails
            </Button>
          ),
      },
    ],
    [shownId, setShownId],
  );

  return (
    <div className="flex flex-col gap-3">
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={events.isFetching}
          onClick={() => void events.refetch()}
        >
          <RefreshCwIcon
            aria-hidden
            className={events.isFetching ? "animate-spin motion-reduce:animate-none" : ""}
          />
          Actualiser les événements
        </Button>
      </div>
      {events.isError ? (
        <LoadError message={liveMessages.eventsLoadFailed} onRetry={() => void events.refetch()} />
      ) : (
        <DataTable
          caption="Événements TikTok de ce live (les 100 derniers)"
          columns={columns}
          rows={events.data}
          getRowId={(event) => event.id}
          isLoading={events.isPending}
          emptyText={liveMessages.noEvents}
          sortParam="tri-evenements"
        />
      )}
    </div>
  );
}
