import type { ReactNode } from "react";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { errorMessage } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";

export interface DeleteDialogProps<Row extends { id: string }> {
  /** The record to delete; null keeps the dialog closed. */
  record: Row | null;
  onClose: () => void;
  /** The delete mutation, called with the record's id. */
  remove: {
    mutate(id: string, options: { onSuccess: () => void; onError: (error: unknown) => void }): void;
    isPending: boolean;
  };
  title: string;
  description: (record: Row) => ReactNode;
  /** The toasts: once deleted, and when the deletion failed (the server's reason beneath). */
  deleted: string;
  deleteFailed: string;
}

/** 'Supprimer ... ?': deletes the record once confirmed, says so, and closes. */
export function DeleteDialog<Row extends { id: string }>({
  record,
  onClose,
  remove,
  title,
  description,
  deleted,
  deleteFailed,
}: DeleteDialogProps<Row>) {
  const confirm = () => {
    if (!record) return;
    remove.mutate(record.id, {
      onSuccess: () => {
        toast.success(deleted);
        onClose();
      },
      onError: (error) => toast.error(deleteFailed, { description: errorMessage(error) }),
    });
  };
  return (
    <ConfirmDialog
      open={record !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      description={record ? description(record) : ""}
      confirmLabel="Supprimer"
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
