import {
  messageTemplateMessages,
  ORDER_STATUSES,
  orderStatusLabels,
  type MessageTemplate,
} from "@vitrine/domain";
import { PencilIcon, PlusIcon } from "lucide-react";
import { useState } from "react";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { IconButton } from "../../../components/ui/icon-button";
import { useMessageTemplates } from "../../admin-shared/api/message-templates";
import { TemplateDialog } from "../components/template-dialog";
import { PageHeader } from "../../admin-shared/components/page-header";

type Editing = { template: MessageTemplate | null } | null;

export function MessageTemplatesPage() {
  const templates = useMessageTemplates();
  const [editing, setEditing] = useState<Editing>(null);
  const usedTypes = (templates.data ?? []).map((template) => template.type);
  const allTypesUsed = usedTypes.length >= ORDER_STATUSES.length;

  const columns: ColumnDef<MessageTemplate>[] = [
    {
      id: "type",
      header: "Type",
      enableSorting: false,
      accessorFn: (template) => orderStatusLabels[template.type],
    },
    { accessorKey: "title", header: "Titre", enableSorting: false },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex justify-end">
          <IconButton
            label="Modifier"
            icon={PencilIcon}
            onClick={() => setEditing({ template: row.original })}
          />
        </div>
      ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Templates messages">
        <Button
          type="button"
          disabled={templates.isPending || allTypesUsed}
          title={allTypesUsed ? "Chaque statut de commande a déjà son template" : undefined}
          onClick={() => setEditing({ template: null })}
        >
          <PlusIcon aria-hidden />
          Nouveau template
        </Button>
      </PageHeader>
      {templates.isError ? (
        <LoadError message={messageTemplateMessages.loadFailed} onRetry={() => void templates.refetch()} />
      ) : (
        <DataTable
          caption="Templates des messages envoyés aux clientes, par statut de commande"
          columns={columns}
          rows={templates.data}
          getRowId={(template) => template.id}
          isLoading={templates.isPending}
          emptyText="Aucun template pour le moment"
        />
      )}
      {editing ? (
        <TemplateDialog
          key={editing.template?.id ?? "new"}
          template={editing.template}
          usedTypes={usedTypes}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
