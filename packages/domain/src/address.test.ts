import { describe, expect, it } from "vitest";
import { addressMessages, shippingAddressSchema } from "./address";

const address = {
  first_name: "Julie",
  last_name: "Martin",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  email: "julie.martin@example.com",
  phone: "06 12 34 56 78",
};

const issuesOf = (input: unknown) =>
  shippingAddressSchema
    .safeParse(input)
    .error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [];

describe("the delivery address", () => {
  it("is trimmed, in France, with an empty state and an optional note", () => {
    expect(
      shippingAddressSchema.parse({ ...address, city: "  Lyon ", delivery_note: " Code 1234 " }),
    ).toEqual({
      ...address,
      state: "",
      country: "France",
      delivery_note: "Code 1234",
    });
    expect(shippingAddressSchema.parse(address)).not.toHaveProperty("delivery_note");
  });

  const required = [
    ["first_name", "Le prénom est obligatoire"],
    ["last_name", "Le nom est obligatoire"],
    ["street", "L'adresse est obligatoire"],
    ["zip", "Le code postal est obligatoire"],
    ["city", "La ville est obligatoire"],
    ["email", "L'email est obligatoire"],
    ["phone", "Le téléphone est obligatoire"],
  ] as const;

  it.each(required)("asks for %s with the spec's message, missing, blank or not a text", (field, message) => {
    for (const value of [undefined, "", "   ", 12]) {
      expect(issuesOf({ ...address, [field]: value })).toEqual([[field, message]]);
    }
  });

  it("names every missing field at once", () => {
    expect(issuesOf({})).toEqual(required.map(([field, message]) => [field, message]));
    expect(Object.fromEntries(required)).toEqual({
      first_name: addressMessages.firstName,
      last_name: addressMessages.lastName,
      street: addressMessages.street,
      zip: addressMessages.zip,
      city: addressMessages.city,
      email: addressMessages.email,
      phone: addressMessages.phone,
    });
  });

  it("wants a postcode of five digits", () => {
    expect(issuesOf({ ...address, zip: "75001" })).toEqual([]);
    for (const zip of ["7500", "750011", "75 001", "2A004"]) {
      expect(issuesOf({ ...address, zip })).toEqual([["zip", "Le code postal doit contenir 5 chiffres"]]);
    }
  });

  it("wants a usable e-mail", () => {
    for (const email of ["julie", "julie@", "julie martin@example.com"]) {
      expect(issuesOf({ ...address, email })).toEqual([["email", "L'email n'est pas valide"]]);
    }
  });

  it("takes phone numbers as people write them, and refuses what is not one", () => {
    for (const phone of ["0612345678", "06.12.34.56.78", "+33 6 12 34 56 78", "(0)6-12-34-56-78"]) {
      expect(issuesOf({ ...address, phone })).toEqual([]);
    }
    for (const phone of ["12", "06 12 34", "appelez-moi", "0".repeat(21)]) {
      expect(issuesOf({ ...address, phone })).toEqual([["phone", "Le téléphone n'est pas valide"]]);
    }
  });

  it("delivers in France only", () => {
    expect(issuesOf({ ...address, country: "France" })).toEqual([]);
    expect(issuesOf({ ...address, country: "Belgique" }).map(([field]) => field)).toEqual(["country"]);
  });

  it("bounds every text", () => {
    expect(issuesOf({ ...address, street: "x".repeat(201) }).map(([field]) => field)).toEqual(["street"]);
    expect(issuesOf({ ...address, delivery_note: "x".repeat(501) }).map(([field]) => field)).toEqual([
      "delivery_note",
    ]);
  });
});

describe("text PostgreSQL cannot store in the delivery address", () => {
  it.each([
    ["first_name", "Le prénom"],
    ["street", "L'adresse"],
    ["city", "La ville"],
    ["zip", "Le code postal"],
    ["state", "La région"],
    ["delivery_note", "La note de livraison"],
  ] as const)("is refused on %s, naming it", (field, label) => {
    for (const text of [String.fromCharCode(0), "\uD800"]) {
      expect(issuesOf({ ...address, [field]: `Lyon${text}` })[0]).toEqual([
        field,
        `${label} contient un caractère non valide (caractère nul ou mal encodé).`,
      ]);
    }
  });
});
