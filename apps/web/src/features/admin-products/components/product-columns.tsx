import { formatEuros, type Product } from "@vitrine/domain";
import type { ColumnDef } from "../../../components/data-table";
import { ColorSwatch } from "../../../components/color-swatch";

/** The columns both product tables show the same way: its live, its price, its colour. */
export const productLiveColumn: ColumnDef<Product> = {
  id: "live",
  accessorFn: (product) => product.live.title,
  header: "Live",
};

export const productPriceColumn: ColumnDef<Product> = {
  accessorKey: "priceCents",
  header: "Prix",
  cell: ({ row }) => <span className="whitespace-nowrap">{formatEuros(row.original.priceCents)}</span>,
};

export const productColorColumn: ColumnDef<Product> = {
  id: "color",
  accessorFn: (product) => product.color?.name ?? "",
  header: "Couleur",
  cell: ({ row }) =>
    row.original.color ? (
      <span className="flex items-center gap-2">
        <ColorSwatch hexCode={row.original.color.hexCode} />
        {row.original.color.name}
      </span>
    ) : (
      <span className="text-muted-foreground">—</span>
    ),
};
