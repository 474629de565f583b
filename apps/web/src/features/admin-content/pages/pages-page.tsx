import { pageMessages, type AdminPage } from "@vitrine/domain";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useAdminPages, useDeletePage } from "../api";
import { PageDialog } from "../components/page-dialog";
import { PageHeader } from "../../admin-shared/components/page-header";

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
        <div className="flex justify-end gap-1">
          <IconButton label="Modifier" icon={PencilIcon} onClick={() => setEditing({ page: row.original })} />
          <IconButton
            label="Supprimer"
            icon={Trash2Icon}
            iconClassName="text-destructive"
            onClick={() => setDeleting(row.original)}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Pages">
        <Button type="button" onClick={() => setEditing({ page: null })}>
          <PlusIcon aria-hidden />
          Nouvelle page
        </Button>
      </PageHeader>
      {pages.isError ? (
        <LoadError message={pageMessages.loadFailed} onRetry={() => void pages.refetch()} />
      ) : (
        <DataTable
          caption="Pages du site"
          columns={columns}
          rows={pages.data}
          getRowId={(page) => page.id}
          isLoading={pages.isPending}
          emptyText="Aucune page pour le moment"
          search={{ label: "Rechercher une page", placeholder: "Titre ou code" }}
        />
      )}
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
    </div>
  );
}
