import { SHIPPING_COUNTRY } from "./address";

/**
 * An order's delivery address as staff read it, in the current shape (`shippingAddressSchema`'s
 * keys): every field a text, empty when the stored address lacks it. Rows written before that
 * shape existed may miss fields a valid address requires.
 */
export interface StoredShippingAddress {
  first_name: string;
  last_name: string;
  street: string;
  zip: string;
  city: string;
  state: string;
  country: string;
  email: string;
  phone: string;
  delivery_note?: string;
}

type TextField = Exclude<keyof StoredShippingAddress, "delivery_note">;

/**
 * Where each field may sit in an address saved by an older version of the shop: the current
 * snake_case key first, then camelCase twins and the older names (`address` for the street,
 * `postal_code` for the postcode, `phone_number`).
 */
const FIELD_KEYS: Record<TextField | "delivery_note", readonly string[]> = {
  first_name: ["first_name", "firstName", "firstname"],
  last_name: ["last_name", "lastName", "lastname"],
  street: ["street", "address", "address_line1", "addressLine1", "address1", "street_address"],
  zip: ["zip", "postal_code", "postalCode", "zip_code", "zipCode", "postcode"],
  city: ["city"],
  state: ["state"],
  country: ["country"],
  email: ["email"],
  phone: ["phone", "phone_number", "phoneNumber", "telephone"],
  delivery_note: ["delivery_note", "deliveryNote"],
};
/** A second address line, joined to the street. */
const STREET_COMPLEMENT_KEYS = ["address_line2", "addressLine2", "address2"];
/** One "name" for the whole person, split into first and last name when those are missing. */
const FULL_NAME_KEYS = ["name", "full_name", "fullName"];

const FRENCH_POSTCODE_LENGTH = 5;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return "";
}

function firstText(source: Record<string, unknown>, keys: readonly string[]): string {
  for (const key of keys) {
    const value = text(source[key]);
    if (value) return value;
  }
  return "";
}

/** A postcode stored as a number lost its leading zero (01000 became 1000). */
function postcode(source: Record<string, unknown>): string {
  for (const key of FIELD_KEYS.zip) {
    const value = source[key];
    if (typeof value === "number" && Number.isInteger(value) && value >= 0) {
      return String(value).padStart(FRENCH_POSTCODE_LENGTH, "0");
    }
    const written = text(value);
    if (written) return written;
  }
  return "";
}

function splitFullName(fullName: string): { first: string; last: string } {
  const [first = "", ...rest] = fullName.split(/\s+/).filter(Boolean);
  return { first, last: rest.join(" ") };
}

/**
 * The delivery address stored on an order, whatever shape an older version of the shop saved it
 * in, converted to the current one; null when there is none (nothing stored, not an object, or
 * no field filled in). A JSON text holding an object (an address encoded twice) is read too.
 */
export function storedShippingAddress(stored: unknown): StoredShippingAddress | null {
  let source = stored;
  if (typeof source === "string") {
    try {
      source = JSON.parse(source);
    } catch {
      return null;
    }
  }
  if (!isRecord(source)) return null;

  const fullName = splitFullName(firstText(source, FULL_NAME_KEYS));
  const complement = firstText(source, STREET_COMPLEMENT_KEYS);
  const street = firstText(source, FIELD_KEYS.street);
  const address: StoredShippingAddress = {
    first_name: firstText(source, FIELD_KEYS.first_name) || fullName.first,
    last_name: firstText(source, FIELD_KEYS.last_name) || fullName.last,
    street: [street, complement].filter(Boolean).join(", "),
    zip: postcode(source),
    city: firstText(source, FIELD_KEYS.city),
    state: firstText(source, FIELD_KEYS.state),
    country: "",
    email: firstText(source, FIELD_KEYS.email),
    phone: firstText(source, FIELD_KEYS.phone),
  };
  const deliveryNote = firstText(source, FIELD_KEYS.delivery_note);
  if (Object.values(address).every((value) => value === "") && !deliveryNote) return null;
  // The shop has only ever delivered in France: an address without a country is French.
  address.country = firstText(source, FIELD_KEYS.country) || SHIPPING_COUNTRY;
  return deliveryNote ? { ...address, delivery_note: deliveryNote } : address;
}
