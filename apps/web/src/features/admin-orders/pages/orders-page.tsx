import {
  adminOrderListMessages,
  formatEuros,
  orderClientContact,
  orderClientName,
  type AdminOrderRow,
} from "@vitrine/domain";
import { PlusIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { formatDateTime } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { SendMessageDialog } from "../../admin-shared/components/send-message-dialog";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useLives } from "../../admin-shared/api/lives";
import { useOrders } from "../api";
import { BulkActionsBar } from "../components/bulk-actions-bar";
import { NewOrderDialog } from "../components/new-order-dialog";
import { OrderFiltersBar } from "../components/order-filters-bar";
import { OrdersExportButton } from "../components/orders-export-button";
import { OrdersPagination } from "../components/orders-pagination";
import { useOrderFilters } from "../order-filters";
import { orderRecipients } from "../order-recipients";

type Selection = ReadonlyMap<string, AdminOrderRow>;

/** The orders of the shop (spec: /admin/orders), filtered and paged by the server. */
export function OrdersPage() {
  const { values, query, update, reset } = useOrderFilters();
  const orders = useOrders(query);
  const lives = useLives();
  const [selection, setSelection] = useState<Selection>(new Map());
  const [creating, setCreating] = useState(false);
  const [messaging, setMessaging] = useState(false);

  // Another filter shows other orders: a selection the admin can no longer see is dropped.
  const filtersKey = JSON.stringify([query.status, query.liveId, query.userId, query.q]);
  const [selectionFilters, setSelectionFilters] = useState(filtersKey);
  if (selectionFilters !== filtersKey) {
    setSelectionFilters(filtersKey);
    setSelection(new Map());
  }

  const rows = orders.data?.orders;
  const columns = useMemo<ColumnDef<AdminOrderRow>[]>(() => {
    const pageRows = rows ?? [];
    const selectedOnPage = pageRows.filter((order) => selection.has(order.id)).length;
    const toggle = (order: AdminOrderRow, checked: boolean) =>
      setSelection((current) => {
        const next = new Map(current);
        if (checked) next.set(order.id, order);
        else next.delete(order.id);
        return next;
      });
    const togglePage = (checked: boolean) =>
      setSelection((current) => {
        const next = new Map(current);
        for (const order of pageRows) {
          if (checked) next.set(order.id, order);
          else next.delete(order.id);
        }
        return next;
      });
    return [
      {
        id: "select",
        enableSorting: false,
        header: () => (
          <Checkbox
            aria-label="Sélectionner toutes les commandes de la page"
            disabled={pageRows.length === 0}
            checked={
              selectedOnPage === 0 ? false : selectedOnPage === pageRows.length ? true : "indeterminate"
            }
            onCheckedChange={(checked) => togglePage(checked === true)}
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Sélectionner la commande ${row.original.orderNumber}`}
            checked={selection.has(row.original.id)}
            onCheckedChange={(checked) => toggle(row.original, checked === true)}
          />
        ),
      },
      {
        id: "number",
        header: "Numéro",
        enableSorting: false,
        cell: ({ row }) => <span className="font-medium whitespace-nowrap">{row.original.orderNumber}</span>,
      },
      {
        id: "date",
        header: "Date",
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatDateTime(row.original.orderDate)}</span>
        ),
      },
      {
        id: "client",
        header: "Client",
        enableSorting: false,
        cell: ({ row }) => {
          const name = orderClientName(row.original.client);
          const contact = orderClientContact(row.original.client);
          return (
            <span className="flex flex-col">
              <span>{name}</span>
              {contact !== name ? <span className="text-xs text-muted-foreground">{contact}</span> : null}
            </span>
          );
        },
      },
      {
        id: "live",
        header: "Live",
        enableSorting: false,
        cell: ({ row }) => row.original.live.title,
      },
      {
        id: "status",
        header: "Statut",
        enableSorting: false,
        cell: ({ row }) => <OrderStatusBadge status={row.original.status} />,
      },
      {
        id: "amount",
        header: "Montant",
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap">{formatEuros(row.original.totalAmountCents)}</span>
        ),
      },
      {
        id: "detail",
        header: "Détail",
        enableSorting: false,
        cell: ({ row }) => (
          <Link to={paths.admin.order(row.original.id)} className="text-sm text-primary hover:underline">
            Voir<span className="sr-only"> la commande {row.original.orderNumber}</span>
          </Link>
        ),
      },
    ];
  }, [rows, selection]);

  const selected = [...selection.values()];
  const keepOnly = (ids: string[]) =>
    setSelection((current) => new Map([...current].filter(([id]) => ids.includes(id))));

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Commandes">
        <OrdersExportButton query={query} />
        <Button type="button" onClick={() => setCreating(true)} disabled={!lives.isSuccess}>
          <PlusIcon aria-hidden />
          Nouvelle commande
        </Button>
      </PageHeader>
      <OrderFiltersBar values={values} update={update} reset={reset} lives={lives.data} />
      {selected.length > 0 ? (
        <BulkActionsBar
          selected={selected}
          onStatusChanged={keepOnly}
          onClear={() => setSelection(new Map())}
          onMessage={() => setMessaging(true)}
        />
      ) : null}
      {orders.isError ? (
        <LoadError message={adminOrderListMessages.loadFailed} onRetry={() => void orders.refetch()} />
      ) : (
        <>
          <DataTable
            caption="Commandes, de la plus récente à la plus ancienne"
            columns={columns}
            rows={rows}
            getRowId={(order) => order.id}
            isLoading={orders.isPending}
            emptyText={adminOrderListMessages.noOrders}
          />
          {orders.data ? (
            <OrdersPagination
              page={orders.data.page}
              pageSize={orders.data.pageSize}
              total={orders.data.total}
              onPage={(page) => update({ page: String(page) })}
              onPageSize={(pageSize) => update({ pageSize: String(pageSize) })}
            />
          ) : null}
        </>
      )}
      {creating ? (
        <NewOrderDialog
          lives={lives.data ?? []}
          defaultLiveId={query.liveId ?? ""}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <SendMessageDialog
        open={messaging}
        onOpenChange={setMessaging}
        recipients={messaging ? orderRecipients(selected) : []}
      />
    </div>
  );
}
