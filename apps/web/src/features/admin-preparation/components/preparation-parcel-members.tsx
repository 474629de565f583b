import { type PreparationOrder } from "@vitrine/domain";
import { PackageIcon } from "lucide-react";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { SplitParcelButton } from "../../admin-shared/components/split-parcel-button";
import { PreparationItems } from "./preparation-items";

/**
 * The other orders of a combined parcel, in its lead's preparation card: each one's number, status
 * and pieces (colour dots as for the lead's), and 'Séparer' while the parcel has no label.
 */
export function PreparationParcelMembers({ order }: { order: PreparationOrder }) {
  const members = order.parcelMembers ?? [];
  if (members.length === 0) return null;
  return (
    <section className="flex flex-col gap-2 md:col-span-2" aria-label="Autres commandes du colis">
      <h3 className="flex items-center gap-2 font-semibold">
        <PackageIcon className="size-4 text-muted-foreground" aria-hidden />
        Dans le même colis ({members.length} commande{members.length > 1 ? "s" : ""} de plus)
      </h3>
      {members.map((member) => (
        <div key={member.id} className="flex flex-col gap-1 rounded-lg border border-border">
          <p className="flex flex-wrap items-center gap-2 px-3 pt-2 text-sm font-medium">
            Commande {member.orderNumber}
            <OrderStatusBadge status={member.status} />
          </p>
          <PreparationItems items={member.items} />
        </div>
      ))}
      {order.hasLabel ? null : (
        <SplitParcelButton orderId={order.id} orderNumber={order.orderNumber} wholeParcel />
      )}
    </section>
  );
}
