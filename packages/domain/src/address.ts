import * as z from "zod/mini";
import { hasUnstorableText, storableTextMessages } from "./storable-text";

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

/** Text a parcel label and PostgreSQL can both hold, refused on its field (`label`: "La ville"). */
const storable = (label: string) =>
  z.refine<string>((value) => !hasUnstorableText(value), { error: storableTextMessages.field(label) });

const required = (message: string, label: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, { error: message, abort: true }),
      z.maxLength(200),
      storable(label),
      ...checks,
    );

export const shippingAddressSchema = z.object({
  first_name: required(addressMessages.firstName, "Le prénom"),
  last_name: required(addressMessages.lastName, "Le nom"),
  street: required(addressMessages.street, "L'adresse"),
  zip: required(
    addressMessages.zip,
    "Le code postal",
    z.regex(/^\d{5}$/, { error: addressMessages.zipInvalid }),
  ),
  city: required(addressMessages.city, "La ville"),
  state: z._default(z.optional(z.string().check(z.trim(), z.maxLength(200), storable("La région"))), ""),
  country: z._default(z.literal(SHIPPING_COUNTRY), SHIPPING_COUNTRY),
  email: z.pipe(required(addressMessages.email, "L'email"), z.email({ error: addressMessages.emailInvalid })),
  phone: required(
    addressMessages.phone,
    "Le téléphone",
    z.regex(/^\+?[\d\s.()-]{10,20}$/, { error: addressMessages.phoneInvalid }),
  ),
  delivery_note: z.optional(z.string().check(z.trim(), z.maxLength(500), storable("La note de livraison"))),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
