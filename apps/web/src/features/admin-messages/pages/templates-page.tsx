import {
  messageTemplateMessages,
  MESSAGE_TEMPLATE_TYPES,
  messageTemplateTypeLabels,
  type MessageTemplate,
} from "@vitrine/domain";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import type { ColumnDef } from "../../../components/data-table";
import { IconButton } from "../../../components/ui/icon-button";
import { useMessageTemplates } from "../../admin-shared/api/message-templates";
import { TemplateDialog } from "../components/template-dialog";
import { CrudListPage } from "../../admin-shared/components/crud-list-page";

type Editing = { template: MessageTemplate | null } | null;

export function MessageTemplatesPage() {
  const templates = useMessageTemplates();
  const [editing, setEditing] = useState<Editing>(null);
  const usedTypes = (templates.data ?? []).map((template) => template.type);
  const allTypesUsed = usedTypes.length >= MESSAGE_TEMPLATE_TYPES.length;

  const columns: ColumnDef<MessageTemplate>[] = [
    {
      id: "type",
      header: "Type",
      enableSorting: false,
      accessorFn: (template) => messageTemplateTypeLabels[template.type],
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
    <CrudListPage
      title="Templates messages"
      newButton={{
        label: "Nouveau template",
        onClick: () => setEditing({ template: null }),
        disabled: templates.isPending || allTypesUsed,
        title: allTypesUsed ? "Chaque type de message a déjà son template" : undefined,
      }}
      query={templates}
      loadFailed={messageTemplateMessages.loadFailed}
      table={{
        caption: "Templates des messages envoyés aux clientes, par statut de commande et pendant les lives",
        columns,
        getRowId: (template) => template.id,
        emptyText: "Aucun template pour le moment",
      }}
    >
      {editing ? (
        <TemplateDialog
          key={editing.template?.id ?? "new"}
          template={editing.template}
          usedTypes={usedTypes}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </CrudListPage>
  );
}
