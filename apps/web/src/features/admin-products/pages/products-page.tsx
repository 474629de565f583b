import { productMessages, type Product } from "@vitrine/domain";
import { LayersIcon, PlusIcon, RotateCcwIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { productColorColumn, productLiveColumn, productPriceColumn } from "../components/product-columns";
import { toast } from "../../../lib/toast";
import { DataTable, type ColumnDef } from "../../../components/data-table";
import { LoadError } from "../../../components/load-error";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { Field } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import { isApiError } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useUrlParam } from "../../../lib/use-url-param";
import { useColors } from "../colors-api";
import { PageHeader } from "../../admin-shared/components/page-header";
import { useLives } from "../../admin-shared/api/lives";
import { useDeleteProduct, useProducts } from "../api";
import { ProductDialog } from "../components/product-dialog";
import { EditDeleteButtons } from "../../admin-shared/components/edit-delete-buttons";
import { LiveOptions } from "../../admin-shared/components/live-options";

/** The filter's value for "every live"; an empty filter means the first live, as the spec says. */
const ALL_LIVES = "tous";

type Editing = { product: Product | null } | null;

export function ProductsPage() {
  const lives = useLives();
  const colors = useColors();
  const [liveParam, setLiveParam] = useUrlParam("live");
  const [, setSearchParams] = useSearchParams();
  const firstLiveId = lives.data?.[0]?.id ?? null;
  const liveFilter = liveParam === ALL_LIVES ? null : liveParam || firstLiveId;
  // Until the lives are known, the default live is not either.
  const products = useProducts(liveFilter, lives.isSuccess);
  const deleteProduct = useDeleteProduct();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);

  const columns = useMemo<ColumnDef<Product>[]>(
    () => [
      {
        accessorKey: "name",
        header: "Nom",
        cell: ({ row }) => <span className="font-medium">{row.original.name}</span>,
      },
      { accessorKey: "ref", header: "Référence" },
      productLiveColumn,
      productPriceColumn,
      { id: "size", accessorFn: (product) => product.size ?? "", header: "Taille" },
      productColorColumn,
      {
        id: "actions",
        header: "Actions",
        enableSorting: false,
        cell: ({ row }) => (
          <EditDeleteButtons
            recordName={`${row.original.name} (réf. ${row.original.ref})`}
            onEdit={() => setEditing({ product: row.original })}
            onDelete={() => setDeleting(row.original)}
          />
        ),
      },
    ],
    [],
  );

  /** Back to the first live, no search, no sort: one URL change rather than three. */
  const resetFilters = () => setSearchParams(new URLSearchParams(), { replace: true });

  const confirmDelete = () => {
    if (!deleting) return;
    deleteProduct.mutate(deleting.id, {
      onSuccess: () => toast.success(productMessages.deleted(deleting.name)),
      onError: (error) => toast.error(isApiError(error) ? error.message : productMessages.deleteFailed),
      onSettled: () => setDeleting(null),
    });
  };

  const loadFailure = lives.isError
    ? { message: productMessages.livesLoadFailed, retry: () => void lives.refetch() }
    : products.isError
      ? { message: productMessages.loadFailed, retry: () => void products.refetch() }
      : null;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Produits">
        <Button asChild variant="outline">
          <Link to={paths.admin.bulkProducts()}>
            <LayersIcon aria-hidden />
            Création en série
          </Link>
        </Button>
        <Button type="button" onClick={() => setEditing({ product: null })} disabled={!lives.isSuccess}>
          <PlusIcon aria-hidden />
          Ajouter un produit
        </Button>
      </PageHeader>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Field id="products-live-filter" label="Live" className="sm:w-80">
          <NativeSelect
            value={liveFilter ?? ALL_LIVES}
            disabled={!lives.isSuccess}
            onChange={(event) => setLiveParam(event.target.value)}
          >
            <LiveOptions lives={lives.data} emptyLabel="Tous les lives" emptyValue={ALL_LIVES} />
          </NativeSelect>
        </Field>
        <Button type="button" variant="outline" onClick={resetFilters}>
          <RotateCcwIcon aria-hidden />
          Réinitialiser les filtres
        </Button>
      </div>
      {loadFailure ? (
        <LoadError message={loadFailure.message} onRetry={loadFailure.retry} />
      ) : (
        <DataTable
          caption="Produits, de la plus haute référence à la plus basse"
          columns={columns}
          rows={products.data}
          getRowId={(product) => product.id}
          isLoading={lives.isPending || products.isPending}
          emptyText={productMessages.noProducts}
          search={{ label: "Rechercher un produit", placeholder: "Nom, référence, taille, couleur" }}
        />
      )}
      {editing ? (
        <ProductDialog
          key={editing.product?.id ?? "new"}
          product={editing.product}
          defaultLiveId={liveFilter}
          lives={lives.data ?? []}
          colors={colors.data ?? []}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Supprimer ce produit ?"
        description={`Le produit « ${deleting?.name ?? ""} » (référence ${deleting?.ref ?? ""}) sera supprimé définitivement.`}
        confirmLabel="Supprimer"
        pending={deleteProduct.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
