import { colorMessages, type Color, type ListedColor } from "@vitrine/domain";
import { useMemo, useState } from "react";
import { toast } from "../../../lib/toast";
import type { ColumnDef } from "../../../components/data-table";
import { ConfirmDialog, InfoDialog } from "../../../components/ui/confirm-dialog";
import { isApiError } from "../../../lib/api-client";
import { ColorSwatch } from "../../../components/color-swatch";
import { CrudListPage } from "../../admin-shared/components/crud-list-page";
import { useColors, useDeleteColor } from "../colors-api";
import { ColorDialog } from "../components/color-dialog";
import { EditDeleteButtons } from "../../admin-shared/components/edit-delete-buttons";

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
          <EditDeleteButtons
            recordName={row.original.name}
            onEdit={() => setEditing({ color: row.original })}
            onDelete={() => setDeleting(row.original)}
          />
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
    <CrudListPage
      title="Couleurs"
      newButton={{ label: "Ajouter une couleur", onClick: () => setEditing({ color: null }) }}
      query={colors}
      loadFailed={colorMessages.loadFailed}
      table={{
        caption: "Couleurs des produits",
        columns,
        getRowId: (color) => color.id,
        emptyText: "Aucune couleur pour le moment",
        search: { label: "Rechercher une couleur", placeholder: "Nom ou code" },
      }}
    >
      {editing ? (
        <ColorDialog
          key={editing.color?.id ?? "new"}
          color={editing.color}
          onClose={() => setEditing(null)}
        />
      ) : null}
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
    </CrudListPage>
  );
}
