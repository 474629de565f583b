import type { PreparationOrder } from "@vitrine/domain";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../../components/ui/button";
import { AdminAddressDialog } from "../../order-detail/components/address-dialog";

/** The delivery address corrected from the card, in the order page's dialog (it refreshes the list). */
export function PreparationAddressEditor({ order }: { order: PreparationOrder }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setEditing(true)}
      >
        <PencilIcon aria-hidden />
        {order.shippingAddress ? "Modifier l'adresse" : "Saisir l'adresse"}
      </Button>
      <AdminAddressDialog
        orderId={order.id}
        address={order.shippingAddress}
        open={editing}
        onOpenChange={setEditing}
      />
    </>
  );
}

/* Wired once the users slice's SendMessageDialog lands. */
export function PreparationMessageControl(_props: { order: PreparationOrder }) {
  return null;
}
