import { colorMessages, type Color, type ListedColor } from "@vitrine/domain";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useMemo, useState } from "react";
import { toast } from "../../../lib/toast";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { ConfirmDialog, InfoDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { ColorSwatch } from "../../../components/color-swatch";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useColors, useDeleteColor } from "../colors-api";
import { ColorDialog } from "../components/color-dialog";

type Editing = { color: Color | null } | null;

export function ColorsPage() {
  const colors = useColors();
  const deleteColor = useDeleteColor();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ListedColor | null>(null);
  const inUse = deleting !== null && deleting.productCount > 0;

  const columns = useMemo<ColumnDef<ListedColor>[]>(
    () => [
      {
        id: "preview",
        header: "Aperçu",
        enableSorting: false,
        cell: ({ row }) => <ColorSwatch hexCode={row.original.hexCode} className="size-7" />,
      },
      {
        accessorKey: "name",
        header: "Nom",
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      {
        accessorKey: "hexCode",
        header: "Code hexadécimal",
        cell: ({ row }) => <code className="font-mono text-sm">{row.original.hexCode}</code>,
      },
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <div className="flex gap-1">
            <IconButton
              label="Modifier"
              icon={PencilIcon}
              title={`Modifier ${row.original.name}`}
              onClick={() => setEditing({ color: row.original })}
            />
            <IconButton
              label="Supprimer"
              icon={Trash2Icon}
              iconClassName="text-destructive"
              title={`Supprimer ${row.original.name}`}
              onClick={() => setDeleting(row.original)}
            />
          </div>
        ),
      },
    ],
    [],
  );

  const confirmDelete = () => {
    if (!deleting) return;
    deleteColor.mutate(deleting.id, {
      onSuccess: () => toast.success(colorMessages.deleted(deleting.name)),
      onError: (error) => toast.error(isApiError(error) ? error.message : colorMessages.deleteFailed),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Couleurs">
        <Button type="button" onClick={() => setEditing({ color: null })}>
          <PlusIcon aria-hidden />
          Ajouter une couleur
        </Button>
      </PageHeader>
      {colors.isError ? (
        <LoadError message={colorMessages.loadFailed} onRetry={() => void colors.refetch()} />
      ) : (
        <DataTable
          caption="Couleurs des produits"
          columns={columns}
          rows={colors.data}
          getRowId={(color) => color.id}
          isLoading={colors.isPending}
          emptyText="Aucune couleur pour le moment"
          search={{ label: "Rechercher une couleur", placeholder: "Nom ou code" }}
        />
      )}
      <ColorDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        color={editing?.color ?? null}
      />
      <InfoDialog
        open={inUse}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Couleur utilisée"
        description={deleting ? colorMessages.usedBy(deleting.name, deleting.productCount) : ""}
      />
      <ConfirmDialog
        open={deleting !== null && !inUse}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer cette couleur ?"
        description={`La couleur « ${deleting?.name ?? ""} » sera supprimée définitivement.`}
        confirmLabel="Supprimer"
        pending={deleteColor.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
