import {
  adminOrderMessages,
  formatEuros,
  orderSubtotalCents,
  type AdminOrder,
  type AdminOrderItem,
} from "@vitrine/domain";
import { Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { ColorSwatch } from "../../../components/color-swatch";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { IconButton } from "../../../components/ui/icon-button";
import { toast } from "../../../lib/toast";
import { useDeleteOrderItem } from "../api";
import { staffRefusalMessage } from "../../../lib/refusal-message";
import { AddItemByReference } from "./add-item-by-reference";

function useItemColumns(onDelete: (item: AdminOrderItem) => void): ColumnDef<AdminOrderItem>[] {
  return useMemo(
    () => [
      { id: "ref", header: "Réf.", enableSorting: false, cell: ({ row }) => row.original.ref },
      { id: "name", header: "Produit", enableSorting: false, cell: ({ row }) => row.original.name },
      {
        id: "color",
        header: "Couleur",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.color ? (
            <span className="flex items-center gap-2">
              <ColorSwatch hexCode={row.original.color.hexCode} className="size-3.5" />
              {row.original.color.name}
            </span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      },
      { id: "quantity", header: "Qté", enableSorting: false, cell: ({ row }) => row.original.quantity },
      {
        id: "price",
        header: "Prix",
        enableSorting: false,
        cell: ({ row }) => (
          <span className="whitespace-nowrap tabular-nums">{formatEuros(row.original.priceCents)}</span>
        ),
      },
      {
        id: "actions",
        header: () => <span className="sr-only">Actions</span>,
        enableSorting: false,
        cell: ({ row }) => (
          <IconButton
            label={`Supprimer l'article ${row.original.name} (réf. ${row.original.ref})`}
            icon={Trash2Icon}
            iconClassName="text-destructive"
            onClick={() => onDelete(row.original)}
          />
        ),
      },
    ],
    [onDelete],
  );
}

function TotalLine({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-4 font-semibold" : "flex justify-between gap-4"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatEuros(cents)}</dd>
    </div>
  );
}

/** The order's lines: add by reference, delete with a confirmation, the total below. */
export function OrderItemsCard({ order }: { order: AdminOrder }) {
  const deleteItem = useDeleteOrderItem(order.id);
  const [toDelete, setToDelete] = useState<AdminOrderItem | null>(null);
  const columns = useItemColumns(setToDelete);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteItem.mutateAsync(toDelete.id);
      toast.success(adminOrderMessages.itemDeleted);
    } catch (error) {
      toast.error(staffRefusalMessage(error, adminOrderMessages.itemDeleteFailed));
    } finally {
      setToDelete(null);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Articles ({order.items.length})</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <AddItemByReference orderId={order.id} orderRefs={order.items.map((item) => item.ref)} />
        <DataTable
          caption="Articles de la commande"
          columns={columns}
          rows={order.items}
          getRowId={(item) => item.id}
          isLoading={false}
          emptyText="Aucun produit"
        />
        <dl className="ml-auto flex w-full max-w-xs flex-col gap-1 text-sm">
          <TotalLine
            label="Sous-total"
            cents={orderSubtotalCents(order.totalAmountCents, order.shippingFeeCents)}
          />
          <TotalLine label="Livraison (Colissimo)" cents={order.shippingFeeCents} />
          <TotalLine label="Total" cents={order.totalAmountCents} strong />
        </dl>
      </CardContent>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title="Supprimer l'article"
        description={
          toDelete
            ? `« ${toDelete.name} » (réf. ${toDelete.ref}) sera retiré de la commande et remis en vente.`
            : ""
        }
        confirmLabel="Supprimer"
        onConfirm={() => void confirmDelete()}
        pending={deleteItem.isPending}
      />
    </Card>
  );
}
