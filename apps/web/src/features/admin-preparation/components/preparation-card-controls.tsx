import { type PreparationOrder, userDisplayName } from "@vitrine/domain";
import { MailIcon, PencilIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { SendMessageDialog } from "../../admin-shared/components/send-message-dialog";
import { AdminAddressDialog } from "../../admin-shared/components/address-dialog";

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

/** A message to the order's customer, with the back office's templates (the users list's dialog). */
export function PreparationMessageControl({ order }: { order: PreparationOrder }) {
  const [writing, setWriting] = useState(false);
  const { customer } = order;
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setWriting(true)}
      >
        <MailIcon aria-hidden />
        Envoyer un message
      </Button>
      <SendMessageDialog
        open={writing}
        onOpenChange={setWriting}
        recipients={[{ userId: customer.id, email: customer.email, name: userDisplayName(customer) }]}
      />
    </>
  );
}
