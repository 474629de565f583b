import type { AdminOrderFilters } from "@vitrine/domain";
import { CsvExportButton } from "../../admin-shared/components/csv-export-button";

/** The orders the list's filters keep, every page of them, as a CSV file. */
export function OrdersExportButton({ query }: { query: AdminOrderFilters }) {
  const params = new URLSearchParams();
  for (const name of ["status", "liveId", "userId", "q"] as const) {
    const value = query[name];
    if (value) params.set(name, value);
  }
  const search = params.toString();
  return (
    <CsvExportButton
      url={`/api/admin/exports/orders.csv${search ? `?${search}` : ""}`}
      fallbackName="commandes.csv"
    />
  );
}
