import { cn } from "../lib/cn";

/** A colour's dot, beside its name or code (the swatch itself says nothing to a screen reader). */
export function ColorSwatch({ hexCode, className }: { hexCode: string; className?: string }) {
  return (
    <span
      aria-hidden
      className={cn("inline-block size-5 shrink-0 rounded-full border border-border shadow-xs", className)}
      style={{ backgroundColor: hexCode }}
    />
  );
}
