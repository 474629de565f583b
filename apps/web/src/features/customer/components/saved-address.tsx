import { addresseeName, type CustomerOrder } from "@vitrine/domain";

/** The delivery address as saved on the order, written as on a parcel. */
export function SavedAddress({ address }: { address: NonNullable<CustomerOrder["shippingAddress"]> }) {
  return (
    <div className="flex flex-col gap-2">
      <address className="leading-6 not-italic">
        {addresseeName(address)}
        <br />
        {address.street}
        <br />
        {address.zip} {address.city}
        <br />
        {address.country}
      </address>
      <p className="text-sm text-muted-foreground">
        <span className="break-all">{address.email}</span> · {address.phone}
      </p>
      {address.delivery_note ? (
        <p className="text-sm">
          <span className="font-medium">Note de livraison&nbsp;:</span> {address.delivery_note}
        </p>
      ) : null}
    </div>
  );
}
