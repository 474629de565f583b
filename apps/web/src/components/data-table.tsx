import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon, SearchIcon } from "lucide-react";
import { useMemo } from "react";
import { cn } from "../lib/cn";
import { useUrlParam } from "../lib/use-url-param";
import { Input } from "./ui/input";
import { Label } from "./ui/label";
import { Skeleton } from "./ui/skeleton";

export type { ColumnDef } from "@tanstack/react-table";

export interface DataTableProps<Row> {
  /** Names the table for screen readers (and is its visible heading when `showCaption`). */
  caption: string;
  columns: ColumnDef<Row>[];
  rows: Row[] | undefined;
  getRowId: (row: Row) => string;
  isLoading: boolean;
  /** Shown in the body when there is no row at all. */
  emptyText: string;
  /** With `search`: shown when rows exist but none matches. */
  noMatchText?: string;
  /** A search box over the searchable columns; its text lives in the URL under this name. */
  search?: { label: string; placeholder?: string; param?: string };
  /** The URL parameter holding the sort ("name" or "-name"); sorting is off without it. */
  sortParam?: string;
  /** Rows in their given order until someone sorts (e.g. FAQs by rank). */
  className?: string;
}

function parseSort(value: string): SortingState {
  if (!value) return [];
  const desc = value.startsWith("-");
  return [{ id: desc ? value.slice(1) : value, desc }];
}

function formatSort(sorting: SortingState): string {
  const [first] = sorting;
  if (!first) return "";
  return first.desc ? `-${first.id}` : first.id;
}

/**
 * Every back-office list: loading skeleton, empty and no-match states, sortable headers
 * (aria-sort), and a search whose text and sort stay in the URL.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  getRowId,
  isLoading,
  emptyText,
  noMatchText = "Aucun résultat ne correspond à votre recherche",
  search,
  sortParam = "tri",
  className,
}: DataTableProps<Row>) {
  const [searchText, setSearchText] = useUrlParam(search?.param ?? "recherche");
  const [sortText, setSortText] = useUrlParam(sortParam);
  const sorting = useMemo(() => parseSort(sortText), [sortText]);
  const data = useMemo(() => rows ?? [], [rows]);

  // The app does not use the React Compiler, whose memoization is what this rule protects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data,
    columns,
    getRowId,
    state: { sorting, globalFilter: search ? searchText : "" },
    onSortingChange: (updater) => {
      const next = typeof updater === "function" ? updater(sorting) : updater;
      setSortText(formatSort(next));
    },
    globalFilterFn: "includesString",
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
  });

  const visibleRows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const searchId = `${caption.replace(/\W+/g, "-").toLowerCase()}-search`;

  return (
    <div className={cn("flex flex-col gap-3", className)}>
      {search ? (
        <div className="flex max-w-sm flex-col gap-1.5">
          <Label htmlFor={searchId}>{search.label}</Label>
          <div className="relative">
            <SearchIcon className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder={search.placeholder}
              value={searchText}
              onChange={(event) => setSearchText(event.target.value)}
            />
          </div>
        </div>
      ) : null}
      <div className="relative overflow-x-auto rounded-lg border border-border">
        <table className="w-full caption-bottom text-sm" aria-busy={isLoading || undefined}>
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const canSort = header.column.getCanSort();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className="h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground"
                      aria-sort={
                        sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined
                      }
                    >
                      {canSort ? (
                        <button
                          type="button"
                          className="inline-flex items-center gap-1 hover:text-foreground"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          {sorted === "asc" ? (
                            <ArrowUpIcon className="size-3.5" aria-hidden />
                          ) : sorted === "desc" ? (
                            <ArrowDownIcon className="size-3.5" aria-hidden />
                          ) : (
                            <ArrowUpDownIcon className="size-3.5 opacity-50" aria-hidden />
                          )}
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {isLoading
              ? Array.from({ length: 4 }, (_, index) => (
                  <tr key={index} className="border-t border-border">
                    {Array.from({ length: columnCount }, (_, cell) => (
                      <td key={cell} className="px-3 py-3">
                        <Skeleton className="h-4 w-full max-w-40" />
                      </td>
                    ))}
                  </tr>
                ))
              : null}
            {!isLoading && visibleRows.length === 0 ? (
              <tr className="border-t border-border">
                <td colSpan={columnCount} className="px-3 py-8 text-center text-muted-foreground">
                  {data.length > 0 ? noMatchText : emptyText}
                </td>
              </tr>
            ) : null}
            {visibleRows.map((row) => (
              <tr key={row.id} className="border-t border-border hover:bg-muted/30">
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className="px-3 py-2 align-middle">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
