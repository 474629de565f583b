import { describe, expect, it } from "vitest";
import { shopSender } from "./shop-sender";

describe("shopSender", () => {
  it("reads the street, postal code and city of the shop's postal address", () => {
    expect(
      shopSender({
        name: "Vitrine",
        postalAddress: "Vitrine\n12 rue des Lilas\n69001 Lyon\nFrance",
        contactEmail: "contact@vitrine.local",
      }),
    ).toEqual({
      name: "Vitrine",
      lines: ["12 rue des Lilas", "69001 Lyon", "France"],
      email: "contact@vitrine.local",
      street: "12 rue des Lilas",
      zip: "69001",
      city: "Lyon",
    });
  });

  it("joins street lines and keeps an address that does not start with the name", () => {
    const sender = shopSender({
      name: "Maison Rose",
      postalAddress: "Bâtiment B\n3 allée des Tilleuls\n75011 Paris",
      contactEmail: "bonjour@maison-rose.fr",
    });
    expect(sender).toMatchObject({ street: "Bâtiment B, 3 allée des Tilleuls", zip: "75011", city: "Paris" });
  });

  it("leaves the parts it cannot find empty", () => {
    const sender = shopSender({ name: "Vitrine", postalAddress: "Lyon", contactEmail: "a@b.fr" });
    expect(sender).toMatchObject({ lines: ["Lyon"], street: null, zip: null, city: null });
  });
});
