import { describe, expect, it } from "vitest";
import { shippingAddressSchema } from "./address";
import { storedShippingAddress } from "./stored-address";

const current = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  state: "",
  country: "France",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};

describe("an order's stored delivery address", () => {
  it("keeps an address saved in the current shape as it is", () => {
    expect(storedShippingAddress(current)).toEqual(current);
    expect(storedShippingAddress({ ...current, delivery_note: "Code 1234" })).toEqual({
      ...current,
      delivery_note: "Code 1234",
    });
    expect(shippingAddressSchema.parse(storedShippingAddress(current))).toEqual(current);
  });

  it("reads the older names: address, postal_code, name, phone_number", () => {
    expect(
      storedShippingAddress({
        name: "Julie Martin",
        address: "12 rue des Lilas",
        postal_code: "69001",
        city: "Lyon",
        country: "France",
        email: "julie.martin@example.com",
        phone_number: "06 12 34 56 78",
      }),
    ).toEqual(current);
  });

  it("reads camelCase keys and a second address line", () => {
    expect(
      storedShippingAddress({
        firstName: "Julie",
        lastName: "Martin",
        addressLine1: "12 rue des Lilas",
        addressLine2: "Bâtiment B",
        postalCode: "69001",
        city: "Lyon",
        email: "julie.martin@example.com",
        phoneNumber: "06 12 34 56 78",
        deliveryNote: "Sonner deux fois",
      }),
    ).toEqual({
      ...current,
      street: "12 rue des Lilas, Bâtiment B",
      delivery_note: "Sonner deux fois",
    });
  });

  it("prefers the current key when an address holds both, and explicit names over the full name", () => {
    expect(
      storedShippingAddress({
        ...current,
        address: "ancienne adresse",
        postal_code: "75001",
        name: "Autre Personne",
      }),
    ).toEqual(current);
  });

  it("splits a full name on its first space, the rest being the last name", () => {
    expect(storedShippingAddress({ name: "  Marie   de la Tour " })).toMatchObject({
      first_name: "Marie",
      last_name: "de la Tour",
    });
    expect(storedShippingAddress({ name: "Cher" })).toMatchObject({ first_name: "Cher", last_name: "" });
  });

  it("turns numbers into text, giving a numeric postcode back its leading zero", () => {
    expect(storedShippingAddress({ zip: 1000, city: "Bourg-en-Bresse" })).toMatchObject({ zip: "01000" });
    expect(storedShippingAddress({ postal_code: 69001, phone: 612345678 })).toMatchObject({
      zip: "69001",
      phone: "612345678",
    });
  });

  it("fills what is missing with empty texts, in France", () => {
    expect(storedShippingAddress({ street: "12 rue des Lilas", city: " Lyon " })).toEqual({
      first_name: "",
      last_name: "",
      street: "12 rue des Lilas",
      zip: "",
      city: "Lyon",
      state: "",
      country: "France",
      email: "",
      phone: "",
    });
  });

  it("reads an address encoded twice as a JSON text", () => {
    expect(storedShippingAddress(JSON.stringify(current))).toEqual(current);
  });

  it("is null when there is no address to read", () => {
    for (const stored of [
      null,
      undefined,
      "",
      "12 rue des Lilas",
      42,
      [],
      ["12 rue"],
      {},
      { country: "France" },
    ]) {
      expect(storedShippingAddress(stored)).toBeNull();
    }
    expect(storedShippingAddress({ first_name: "   ", city: null, zip: {} })).toBeNull();
  });
});
