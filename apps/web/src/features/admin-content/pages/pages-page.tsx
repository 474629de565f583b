import { pageMessages, type AdminPage } from "@vitrine/domain";
import { useState } from "react";
import type { ColumnDef } from "../../../components/data-table";
import { DeleteDialog } from "../../admin-shared/components/delete-dialog";
import { cn } from "../../../lib/cn";
import { useAdminPages, useDeletePage } from "../api";
import { PageDialog } from "../components/page-dialog";
import { CrudListPage } from "../../admin-shared/components/crud-list-page";
import { EditDeleteButtons } from "../../admin-shared/components/edit-delete-buttons";

type Editing = { page: AdminPage | null } | null;

function ActiveBadge({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2 py-0.5 text-xs font-medium",
        isActive ? "bg-success-muted text-success" : "bg-muted text-muted-foreground",
      )}
    >
      {isActive ? "Active" : "Inactive"}
    </span>
  );
}

export function PagesPage() {
  const pages = useAdminPages();
  const remove = useDeletePage();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminPage | null>(null);

  const columns: ColumnDef<AdminPage>[] = [
    { accessorKey: "title", header: "Titre" },
    {
      accessorKey: "code",
      header: "Code",
      cell: ({ row }) => <code className="text-xs">{row.original.code}</code>,
    },
    {
      accessorKey: "isActive",
      header: "Statut",
      enableGlobalFilter: false,
      cell: ({ row }) => <ActiveBadge isActive={row.original.isActive} />,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <EditDeleteButtons
          alignEnd
          onEdit={() => setEditing({ page: row.original })}
          onDelete={() => setDeleting(row.original)}
        />
      ),
    },
  ];

  return (
    <CrudListPage
      title="Pages"
      newButton={{ label: "Nouvelle page", onClick: () => setEditing({ page: null }) }}
      query={pages}
      loadFailed={pageMessages.loadFailed}
      table={{
        caption: "Pages du site",
        columns,
        getRowId: (page) => page.id,
        emptyText: "Aucune page pour le moment",
        search: { label: "Rechercher une page", placeholder: "Titre ou code" },
      }}
    >
      {editing ? (
        <PageDialog key={editing.page?.id ?? "new"} page={editing.page} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="Supprimer cette page ?"
        description={(page) =>
          `La page « ${page.title} » (${page.code}) sera supprimée et disparaîtra du site. Cette action est irréversible.`
        }
        deleted={pageMessages.deleted}
        deleteFailed={pageMessages.deleteFailed}
      />
    </CrudListPage>
  );
}
