import { formatEuros, type CustomerOrderItem } from "@vitrine/domain";
import { ColorSwatch } from "../../../components/color-swatch";
import { cn } from "../../../lib/cn";

export interface OrderItemListProps {
  items: readonly CustomerOrderItem[];
  /** The order page shows each piece's price; the orders list only what was bought. */
  withPrices?: boolean;
  className?: string;
}

/** What an order holds: each piece's name and colour (the chip is decoration, its name says it). */
export function OrderItemList({ items, withPrices = false, className }: OrderItemListProps) {
  return (
    <ul className={cn("flex flex-col gap-3", className)}>
      {items.map((item) => (
        <li key={item.id} className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p className="leading-6 font-medium break-words">{item.name}</p>
            {item.color ? (
              <p className="flex items-center gap-2 text-sm leading-5 text-muted-foreground">
                <ColorSwatch hexCode={item.color.hexCode} className="size-3.5" />
                {item.color.name}
              </p>
            ) : null}
          </div>
          {withPrices ? (
            <span className="leading-6 whitespace-nowrap tabular-nums">{formatEuros(item.priceCents)}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
