import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { PAGE_SIZES } from "../order-filters";

export interface OrdersPaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}

const count = new Intl.NumberFormat("fr-FR");

/** Where the list stands: the total, the page among the pages, and the way to the others. */
export function OrdersPagination({ page, pageSize, total, onPage, onPageSize }: OrdersPaginationProps) {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav aria-label="Pages de commandes" className="flex flex-wrap items-end justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {total === 1 ? "1 commande" : `${count.format(total)} commandes`} · page {count.format(page)} sur{" "}
        {count.format(pageCount)}
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <Field id="orders-page-size" label="Par page" className="w-28">
          <NativeSelect value={pageSize} onChange={(event) => onPageSize(Number(event.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Button type="button" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeftIcon aria-hidden />
          Page précédente
        </Button>
        <Button type="button" variant="outline" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
          Page suivante
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  );
}
