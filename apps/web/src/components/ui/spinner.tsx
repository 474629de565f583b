import { LoaderCircleIcon } from "lucide-react";
import { cn } from "../../lib/cn";

export interface SpinnerProps {
  /** Visible text, also what screen readers announce. */
  label: string;
  className?: string;
}

export function Spinner({ label, className }: SpinnerProps) {
  return (
    <div
      role="status"
      className={cn("flex items-center justify-center gap-3 text-muted-foreground", className)}
    >
      <LoaderCircleIcon className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
