import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  FormDialogFooter,
} from "../../../components/ui/dialog";
import { showServerFieldErrors } from "../../../lib/server-field-errors";

export interface FormDialogProps<Values extends FieldValues, Output, Saved> {
  /** The form the fields are registered on; the dialog submits it. */
  form: UseFormReturn<Values, unknown, Output>;
  title: string;
  description: ReactNode;
  /** The submit button's text, word for word from the specification. */
  submitLabel: string;
  /** Saves the checked values and says so (toast); throws when the server refuses. */
  save: (values: Output) => Promise<Saved>;
  /** What follows a save once the dialog is closed (opening the new record's page). */
  onSaved?: (saved: Saved) => unknown;
  /** Tells why the save failed, once the server's per-field messages are on their fields. */
  onFailed: (error: unknown) => void;
  /** The fields the server may name in a refusal. */
  serverFields: readonly Path<Values>[];
  onClose: () => void;
  /** Keeps the dialog open and 'Annuler' disabled while the form is being saved. */
  lockWhileSubmitting?: boolean;
  /** Widens the dialog (rich text). */
  className?: string;
  children: ReactNode;
}

/**
 * The frame of every back office create/edit dialog: title, form, the server's field errors on
 * their fields, 'Annuler' and the submit button with its spinner, closed once saved. Mount it per
 * opening (keyed by the record), so the form starts from the record each time.
 */
export function FormDialog<Values extends FieldValues, Output, Saved>({
  form,
  title,
  description,
  submitLabel,
  save,
  onSaved,
  onFailed,
  serverFields,
  onClose,
  lockWhileSubmitting = false,
  className,
  children,
}: FormDialogProps<Values, Output, Saved>) {
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    let saved: Saved;
    try {
      saved = await save(values);
    } catch (error) {
      showServerFieldErrors(form.setError, error, serverFields);
      onFailed(error);
      return;
    }
    onClose();
    await onSaved?.(saved);
  });

  return (
    <Dialog open onOpenChange={(open) => !open && !(lockWhileSubmitting && isSubmitting) && onClose()}>
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
          {children}
          <FormDialogFooter
            onCancel={onClose}
            isSubmitting={isSubmitting}
            submitLabel={submitLabel}
            lockCancelWhileSubmitting={lockWhileSubmitting}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
