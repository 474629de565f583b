import { addresseeName, type AdminOrderAddress } from "@vitrine/domain";
import { PencilIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { AdminAddressDialog } from "../../admin-shared/components/address-dialog";

/** The address as written on a parcel; an older address may lack fields, shown as missing. */
function AddressView({ address }: { address: AdminOrderAddress }) {
  const missing = <span className="text-muted-foreground italic">non renseigné</span>;
  return (
    <div className="flex flex-col gap-2">
      <address className="leading-6 not-italic">
        {addresseeName(address) || missing}
        <br />
        {address.street || missing}
        <br />
        {[address.zip, address.city].filter(Boolean).join(" ") || missing}
        <br />
        {address.country}
      </address>
      <p className="text-sm text-muted-foreground">
        <span className="break-all">{address.email || "Email non renseigné"}</span> ·{" "}
        {address.phone || "Téléphone non renseigné"}
      </p>
      {address.delivery_note ? (
        <p className="text-sm">
          <span className="font-medium">Note de livraison&nbsp;:</span> {address.delivery_note}
        </p>
      ) : null}
    </div>
  );
}

export function ShippingAddressCard({
  orderId,
  address,
}: {
  orderId: string;
  address: AdminOrderAddress | null;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle>Adresse de livraison</CardTitle>
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
          <PencilIcon aria-hidden />
          {address ? "Modifier l'adresse" : "Saisir l'adresse"}
        </Button>
      </CardHeader>
      <CardContent>
        {address ? (
          <AddressView address={address} />
        ) : (
          <p className="text-muted-foreground">Aucune adresse de livraison pour le moment.</p>
        )}
      </CardContent>
      <AdminAddressDialog orderId={orderId} address={address} open={editing} onOpenChange={setEditing} />
    </Card>
  );
}
