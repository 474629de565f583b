import { LoaderCircleIcon } from "lucide-react";
import type * as React from "react";
import { Button, type ButtonProps } from "./button";

export type BusyButtonProps = Omit<ButtonProps, "asChild"> & {
  /** Its action is running: the button shows a spinner (in place of its icon) and is disabled. */
  busy: boolean;
  icon?: React.ReactNode;
};

/** A button whose action takes a moment: saving, paying, sending. */
export function BusyButton({ busy, icon, disabled, children, ...props }: BusyButtonProps) {
  return (
    <Button disabled={busy || disabled} aria-busy={busy || undefined} {...props}>
      {busy ? <LoaderCircleIcon className="animate-spin motion-reduce:animate-none" aria-hidden /> : icon}
      {children}
    </Button>
  );
}
