import { type PreparationOrder } from "@vitrine/domain";
import { PackageIcon } from "lucide-react";
import { ColorSwatch } from "../../../components/color-swatch";
import { OrderStatusBadge } from "../../../components/order-status-badge";
import { SplitParcelButton } from "./split-parcel-button";

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
          <ul className="flex flex-col divide-y divide-border">
            {member.items.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center gap-3 px-3 py-2 text-sm">
                {item.color ? (
                  <ColorSwatch hexCode={item.color.hexCode} />
                ) : (
                  <span className="size-5" aria-hidden />
                )}
                <span className="font-medium">{item.name}</span>
                <span className="text-muted-foreground">Réf. {item.ref}</span>
                <span className="text-muted-foreground">{item.color ? item.color.name : "Sans couleur"}</span>
                {item.quantity > 1 ? <span>x {item.quantity}</span> : null}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {order.hasLabel ? null : (
        <SplitParcelButton orderId={order.id} orderNumber={order.orderNumber} wholeParcel />
      )}
    </section>
  );
}
