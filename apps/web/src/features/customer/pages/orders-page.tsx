import { customerOrderMessages } from "@vitrine/domain";
import { PackageIcon } from "lucide-react";
import { Link } from "react-router";
import { LoadError } from "../../../components/load-error";
import { paths } from "../../../lib/paths";
import { useSessionState } from "../../../lib/session";
import { useShop } from "../../../lib/shop";
import { useCustomerOrders } from "../api/orders";
import { OrderCard, OrderCardSkeleton } from "../components/order-card";

export function OrdersPage() {
  const session = useSessionState();
  const orders = useCustomerOrders();
  const firstName = session.status === "ready" ? session.user?.firstName?.trim() : undefined;

  return (
    <div className="flex flex-col gap-6">
      <title>Mes commandes · Vitrine</title>
      <div className="flex flex-col gap-1">
        <p className="text-muted-foreground">
          {firstName ? `Bonjour ${firstName}\u00a0!` : "Bonjour\u00a0!"}
        </p>
        <h1 className="text-2xl font-bold md:text-3xl">Mes commandes</h1>
      </div>
      {orders.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p role="status" className="sr-only">
            Chargement de vos commandes...
          </p>
          <OrderCardSkeleton />
          <OrderCardSkeleton />
        </div>
      ) : orders.isError ? (
        <LoadError message={customerOrderMessages.loadFailed} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <NoOrders />
      ) : (
        <div className="flex flex-col gap-4">
          {orders.data.orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
        </div>
      )}
    </div>
  );
}

function NoOrders() {
  const shop = useShop();
  const linkClassName = "font-medium break-all text-primary underline underline-offset-4";
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center">
      <PackageIcon className="size-10 text-muted-foreground" aria-hidden="true" />
      <p className="font-medium">Vous n'avez pas encore de commande.</p>
      <p className="max-w-prose text-muted-foreground">
        Vos achats apparaissent ici après votre participation à un live. Un achat manque à l'appel&nbsp;?
        Écrivez-nous{" "}
        {shop.data ? (
          <>
            à{" "}
            <a href={`mailto:${shop.data.contactEmail}`} className={linkClassName}>
              {shop.data.contactEmail}
            </a>
          </>
        ) : (
          <>
            depuis la page{" "}
            <Link to={paths.contact()} className={linkClassName}>
              Contact
            </Link>
          </>
        )}{" "}
        en indiquant votre pseudo TikTok et ce que vous avez commandé.
      </p>
    </div>
  );
}
