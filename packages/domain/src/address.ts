import { z } from "zod";

export const SHIPPING_COUNTRY = "France";

export const addressMessages = {
  firstName: "Le prénom est obligatoire",
  lastName: "Le nom est obligatoire",
  street: "L'adresse est obligatoire",
  zip: "Le code postal est obligatoire",
  city: "La ville est obligatoire",
  email: "L'email est obligatoire",
  phone: "Le téléphone est obligatoire",
  /** Ours: the spec only requires these fields; a parcel needs them usable. */
  emailInvalid: "L'email n'est pas valide",
  zipInvalid: "Le code postal doit contenir 5 chiffres",
  phoneInvalid: "Le téléphone n'est pas valide",
} as const;

const required = (message: string) =>
  z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(200);

export const shippingAddressSchema = z.object({
  first_name: required(addressMessages.firstName),
  last_name: required(addressMessages.lastName),
  street: required(addressMessages.street),
  zip: required(addressMessages.zip).regex(/^\d{5}$/, { error: addressMessages.zipInvalid }),
  city: required(addressMessages.city),
  state: z.string().trim().max(200).optional().default(""),
  country: z.literal(SHIPPING_COUNTRY).default(SHIPPING_COUNTRY),
  email: required(addressMessages.email).pipe(z.email({ error: addressMessages.emailInvalid })),
  phone: required(addressMessages.phone).regex(/^\+?[\d\s.()-]{10,20}$/, {
    error: addressMessages.phoneInvalid,
  }),
  delivery_note: z.string().trim().max(500).optional(),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
