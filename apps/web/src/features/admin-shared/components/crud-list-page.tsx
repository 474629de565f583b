import { PlusIcon } from "lucide-react";
import type { ReactNode } from "react";
import { DataTable, type DataTableProps } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { PageHeader } from "./page-header";

export interface CrudListPageProps<Row> {
  title: string;
  /** The button that opens the create dialog: its text, and when and why it is disabled. */
  newButton: { label: string; onClick: () => void; disabled?: boolean; title?: string | undefined };
  /** The list's read. */
  query: { data: Row[] | undefined; isError: boolean; isPending: boolean; refetch: () => unknown };
  /** What to say when the list cannot be read ('Réessayer' reads it again). */
  loadFailed: string;
  table: Omit<DataTableProps<Row>, "rows" | "isLoading">;
  /** The dialogs the page opens: create/edit, delete. */
  children?: ReactNode;
}

/**
 * The frame of a back office list that records are created from: title and 'new' button, the
 * table (loading, empty, search) or the load error, then the page's dialogs.
 */
export function CrudListPage<Row>({
  title,
  newButton,
  query,
  loadFailed,
  table,
  children,
}: CrudListPageProps<Row>) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title}>
        <Button
          type="button"
          onClick={newButton.onClick}
          disabled={newButton.disabled}
          title={newButton.title}
        >
          <PlusIcon aria-hidden />
          {newButton.label}
        </Button>
      </PageHeader>
      {query.isError ? (
        <LoadError message={loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable {...table} rows={query.data} isLoading={query.isPending} />
      )}
      {children}
    </div>
  );
}
