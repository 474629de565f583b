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
} as const;

const required = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(200);

export const shippingAddressSchema = z.object({
  first_name: required(addressMessages.firstName),
  last_name: required(addressMessages.lastName),
  street: required(addressMessages.street),
  zip: required(addressMessages.zip),
  city: required(addressMessages.city),
  state: z.string().trim().max(200).optional().default(""),
  country: z.literal(SHIPPING_COUNTRY).default(SHIPPING_COUNTRY),
  email: required(addressMessages.email),
  phone: required(addressMessages.phone),
  delivery_note: z.string().trim().max(500).optional(),
});
export type ShippingAddress = z.output<typeof shippingAddressSchema>;
