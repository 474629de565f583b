import { Slot } from "@radix-ui/react-slot";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Label } from "./label";

export interface FieldProps {
  /** The control's id; the label, hint and error are tied to it. */
  id: string;
  label: React.ReactNode;
  /** The French message of the broken rule, shown under the control and announced. */
  error?: string | undefined;
  hint?: React.ReactNode;
  /** "horizontal" puts the control before its label (checkboxes). */
  orientation?: "vertical" | "horizontal";
  className?: string;
  /** Exactly one control; it receives id, aria-invalid and aria-describedby. */
  children: React.ReactElement;
}

export function Field({ id, label, error, hint, orientation = "vertical", className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  const control = (
    <Slot id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
      {children}
    </Slot>
  );

  return (
    <div className={cn("flex flex-col gap-2", className)} data-invalid={error ? true : undefined}>
      {orientation === "horizontal" ? (
        <div className="flex items-start gap-3">
          {control}
          <Label htmlFor={id} className="font-normal">
            {label}
          </Label>
        </div>
      ) : (
        <>
          <Label htmlFor={id}>{label}</Label>
          {control}
        </>
      )}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}

/**
 * A control's hint and its announced error, under it; the control names their ids in
 * aria-describedby. For controls that Field cannot wrap (a combobox with its list).
 */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: React.ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </>
  );
}
