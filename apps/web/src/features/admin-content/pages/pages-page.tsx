import { pageMessages, type AdminPage } from "@vitrine/domain";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import type { ColumnDef } from "../../../components/data-table";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { errorMessage } from "../../../lib/api-client";
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

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(pageMessages.deleted);
        setDeleting(null);
      },
      onError: (error) => toast.error(pageMessages.deleteFailed, { description: errorMessage(error) }),
    });
  };

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
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer cette page ?"
        description={`La page « ${deleting?.title ?? ""} » (${deleting?.code ?? ""}) sera supprimée et disparaîtra du site. Cette action est irréversible.`}
        confirmLabel="Supprimer"
        pending={remove.isPending}
        onConfirm={confirmDelete}
      />
    </CrudListPage>
  );
}
