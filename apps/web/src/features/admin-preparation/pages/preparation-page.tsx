import { matchesPreparationSearch, orderPreparationMessages } from "@vitrine/domain";
import { SearchIcon } from "lucide-react";
import { useMemo } from "react";
import { LoadError } from "../../../components/load-error";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Skeleton } from "../../../components/ui/skeleton";
import { useUrlParam } from "../../../lib/use-url-param";
import { PageHeader } from "../../admin-shared/components/page-header";
import { PreparationLabelsPanel } from "../../label-batches";
import { usePreparationOrders } from "../api";
import { PreparationOrderCard } from "../components/preparation-order-card";
import { ParcelSuggestions } from "../../admin-shared/components/parcel-suggestions";

/** Spec /admin/orders-preparation: the paid orders as cards, searchable by handle, name, e-mail. */
export function PreparationPage() {
  const orders = usePreparationOrders();
  const [search, setSearch] = useUrlParam("recherche");
  const shown = useMemo(
    () => orders.data?.filter((order) => matchesPreparationSearch(order, search)) ?? [],
    [orders.data, search],
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Préparation des commandes" />
      <PreparationLabelsPanel />
      <ParcelSuggestions />
      <div className="flex max-w-sm flex-col gap-1.5">
        <Label htmlFor="preparation-search">Rechercher une commande</Label>
        <div className="relative">
          <SearchIcon className="absolute top-3 left-3 size-4 text-muted-foreground" aria-hidden />
          <Input
            id="preparation-search"
            type="search"
            className="pl-9"
            placeholder="Pseudo TikTok, nom ou email"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {orders.isError ? (
        <LoadError message={orderPreparationMessages.loadFailed} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <div className="flex flex-col gap-4" aria-busy>
          <Skeleton className="h-64 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-8 text-center text-muted-foreground">
          {orders.data.length === 0 ? orderPreparationMessages.empty : orderPreparationMessages.noMatch}
        </p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            {shown.length} commande{shown.length > 1 ? "s" : ""} à préparer
          </p>
          <div className="flex flex-col gap-6">
            {shown.map((order) => (
              <PreparationOrderCard key={order.id} order={order} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
