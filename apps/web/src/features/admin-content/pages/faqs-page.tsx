import { faqDisplayRank, faqMessages, type Faq, type FaqMoveDirection } from "@vitrine/domain";
import { ArrowDownIcon, ArrowUpIcon } from "lucide-react";
import { useState } from "react";
import { toast } from "../../../lib/toast";
import type { ColumnDef } from "../../../components/data-table";
import { IconButton } from "../../../components/ui/icon-button";
import { DeleteDialog } from "../../admin-shared/components/delete-dialog";
import { errorMessage } from "../../../lib/api-client";
import { useAdminFaqs, useDeleteFaq, useMoveFaq } from "../faqs-api";
import { FaqDialog } from "../components/faq-dialog";
import { CrudListPage } from "../../admin-shared/components/crud-list-page";
import { EditDeleteButtons } from "../../admin-shared/components/edit-delete-buttons";

type Editing = { faq: Faq | null } | null;

export function FaqsPage() {
  const faqs = useAdminFaqs();
  const move = useMoveFaq();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Faq | null>(null);

  const moveFaq = (faq: Faq, direction: FaqMoveDirection) =>
    move.mutate(
      { id: faq.id, direction },
      { onError: (error) => toast.error(faqMessages.moveFailed, { description: errorMessage(error) }) },
    );

  const count = faqs.data?.length ?? 0;
  const columns: ColumnDef<Faq>[] = [
    {
      id: "rank",
      header: "Rang",
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{faqDisplayRank(row.original.rank)}</span>,
    },
    { accessorKey: "title", header: "Titre", enableSorting: false },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <EditDeleteButtons
          alignEnd
          onEdit={() => setEditing({ faq: row.original })}
          onDelete={() => setDeleting(row.original)}
        >
          <IconButton
            label="Monter"
            icon={ArrowUpIcon}
            disabled={row.index === 0 || move.isPending}
            onClick={() => moveFaq(row.original, "up")}
          />
          <IconButton
            label="Descendre"
            icon={ArrowDownIcon}
            disabled={row.index === count - 1 || move.isPending}
            onClick={() => moveFaq(row.original, "down")}
          />
        </EditDeleteButtons>
      ),
    },
  ];

  return (
    <CrudListPage
      title="FAQs"
      newButton={{ label: "Nouvelle FAQ", onClick: () => setEditing({ faq: null }) }}
      query={faqs}
      loadFailed={faqMessages.loadFailed}
      table={{
        caption: "Questions fréquentes, dans l'ordre où les clientes les lisent",
        columns,
        getRowId: (faq) => faq.id,
        emptyText: "Aucune FAQ pour le moment",
      }}
    >
      {editing ? (
        <FaqDialog key={editing.faq?.id ?? "new"} faq={editing.faq} onClose={() => setEditing(null)} />
      ) : null}
      <DeleteDialog
        record={deleting}
        onClose={() => setDeleting(null)}
        remove={remove}
        title="Supprimer cette FAQ ?"
        description={(faq) => `« ${faq.title} » sera supprimée de la FAQ. Cette action est irréversible.`}
        deleted={faqMessages.deleted}
        deleteFailed={faqMessages.deleteFailed}
      />
    </CrudListPage>
  );
}
