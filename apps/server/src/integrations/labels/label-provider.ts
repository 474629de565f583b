import type { ShippingAddress } from "@vitrine/domain";

/** Who sends the parcels: the shop, from its settings (SHOP_NAME, SHOP_POSTAL_ADDRESS...). */
export interface LabelSender {
  name: string;
  /** The postal address as written in the settings, one line each (the name line left out). */
  lines: string[];
  email: string;
  /** Read from `lines` when one of them is "<5-digit postal code> <city>"; null otherwise. */
  street: string | null;
  zip: string | null;
  city: string | null;
}

/** One parcel to label: one order, to its shipping address. */
export interface LabelRequest {
  orderNumber: string;
  addressee: ShippingAddress;
  weightGrams: number;
  /** The day the parcel is handed to La Poste (today). */
  depositDate: Date;
}

export interface GeneratedLabel {
  /** The label, a PDF file. */
  pdf: Uint8Array;
  /** The parcel number printed on it, to follow the parcel. */
  trackingNumber: string;
}

/** The label service refused or could not be reached; the message is for the log, never the admin. */
export class LabelProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = "LabelProviderError";
  }
}

/** The local provider's refusal of a postal code La Poste does not know (Colissimo refuses them too). */
export const UNKNOWN_ZIP_CODE = "LOCAL_ZIP_UNKNOWN";

export function isLabelProviderError(error: unknown): error is LabelProviderError {
  return error instanceof Error && error.name === "LabelProviderError";
}

/** docs/design.md section 3: one interface, the Colissimo web service and the local PDF maker. */
export interface LabelProvider {
  name: "local" | "colissimo";
  /** Throws LabelProviderError when no label could be made. */
  generate(request: LabelRequest): Promise<GeneratedLabel>;
}
