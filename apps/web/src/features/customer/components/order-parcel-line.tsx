import { formatEuros, parcelMessages, refundLabels, type CustomerParcel } from "@vitrine/domain";
import { PackageIcon } from "lucide-react";

/**
 * Which parcel an order travels in, for its customer: "Expédiée avec la commande N" and what
 * became of its fee (offered, or refunded), or, on the order carrying the label, the orders
 * travelling with it. Nothing for an order shipped alone.
 */
export function OrderParcelLine({ parcel }: { parcel: CustomerParcel | null | undefined }) {
  if (!parcel) return null;
  const lines =
    parcel.role === "member"
      ? [
          parcelMessages.shippedWith(parcel.leadOrderNumber),
          parcel.refundedShippingFeeCents
            ? refundLabels.shippingRefunded(formatEuros(parcel.refundedShippingFeeCents))
            : parcel.waivedShippingFeeCents
              ? parcelMessages.feeOffered
              : null,
        ]
      : [parcelMessages.shipsWith(parcel.otherOrderNumbers.join(", "))];
  return (
    <p className="flex items-start gap-2 text-sm leading-5">
      <PackageIcon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
      <span>
        {lines.filter(Boolean).map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </span>
    </p>
  );
}
