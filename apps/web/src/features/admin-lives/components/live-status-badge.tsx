import { cn } from "../../../lib/cn";

export function LiveStatusBadge({ isActive }: { isActive: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        isActive ? "bg-success-muted text-success" : "bg-muted text-muted-foreground",
      )}
    >
      {isActive ? "Actif" : "Inactif"}
    </span>
  );
}
