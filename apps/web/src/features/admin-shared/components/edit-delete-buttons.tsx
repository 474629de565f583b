import { PencilIcon, Trash2Icon } from "lucide-react";
import type { ReactNode } from "react";
import { IconButton } from "../../../components/ui/icon-button";
import { cn } from "../../../lib/cn";

export interface EditDeleteButtonsProps {
  onEdit: () => void;
  onDelete: () => void;
  /** The record as a tooltip names it ('Modifier Rouge'); without it, the buttons say only what they do. */
  recordName?: string;
  /** Buttons shown before these two (moving a FAQ up or down). */
  children?: ReactNode;
  /** Aligns the buttons to the end of the cell (an actions column without a visible header). */
  alignEnd?: boolean;
}

/** A list row's 'Modifier' and 'Supprimer' icon buttons. */
export function EditDeleteButtons({
  onEdit,
  onDelete,
  recordName,
  children,
  alignEnd = false,
}: EditDeleteButtonsProps) {
  return (
    <div className={cn("flex gap-1", alignEnd && "justify-end")}>
      {children}
      <IconButton
        label="Modifier"
        icon={PencilIcon}
        {...(recordName ? { title: `Modifier ${recordName}` } : {})}
        onClick={onEdit}
      />
      <IconButton
        label="Supprimer"
        icon={Trash2Icon}
        iconClassName="text-destructive"
        {...(recordName ? { title: `Supprimer ${recordName}` } : {})}
        onClick={onDelete}
      />
    </div>
  );
}
