import { type PreparationOrder } from "@vitrine/domain";
import { ColorSwatch } from "../../../components/color-swatch";
import { cn } from "../../../lib/cn";

/** The pieces to prepare of one order: colour dot, name, reference, colour, quantity above one. */
export function PreparationItems({
  items,
  className,
}: {
  items: PreparationOrder["items"];
  className?: string;
}) {
  return (
    <ul className={cn("flex flex-col divide-y divide-border", className)}>
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
          {item.color ? (
            <ColorSwatch hexCode={item.color.hexCode} />
          ) : (
            <span className="size-5" aria-hidden />
          )}
          <span className="font-medium">{item.name}</span>
          <span className="text-muted-foreground">Réf. {item.ref}</span>
          <span className="text-muted-foreground">{item.color ? item.color.name : "Sans couleur"}</span>
          {item.quantity > 1 ? <span>x {item.quantity}</span> : null}
        </li>
      ))}
    </ul>
  );
}
