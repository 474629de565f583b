import * as z from "zod/mini";

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

const required = (message: string, ...checks: z.core.$ZodCheck<string>[]) =>
  z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, { error: message, abort: true }), z.maxLength(200), ...checks);

export const shippingAddressSchema = z.object({
  first_name: required(addressMessages.firstName),
  last_name: required(addressMessages.lastName),
  street: required(addressMessages.street),
  zip: required(addressMessages.zip, z.regex(/^\d{5}$/, { error: addressMessages.zipInvalid })),
  city: required(addressMessages.city),
  state: z._default(z.optional(z.string().check(z.trim(), z.maxLength(200))), ""),
  country: z._default(z.literal(SHIPPING_COUNTRY), SHIPPING_COUNTRY),
  email: z.pipe(required(addressMessages.email), z.email({ error: addressMessages.emailInvalid })),
  phone: required(
    addressMessages.phone,
    z.regex(/^\+?[\d\s.()-]{10,20}$/, { error: addressMessages.phoneInvalid }),
  ),
  delivery_note: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
