import { describe, expect, it } from "vitest";
import { adminOrderMessages, isReferenceSearch, orderItemsEditable } from "./admin-order";
import { ORDER_STATUSES } from "./order-status";

describe("adding a product to an order", () => {
  it("keeps the spec's other texts word for word", () => {
    expect(adminOrderMessages).toMatchObject({
      productRequired: "Veuillez sélectionner un produit",
      alreadySold: "Ce produit a déjà été vendu dans ce live.",
      itemAdded: "Produit ajouté à la commande avec succès",
      itemDeleted: "Article supprimé avec succès",
      noProductFound: "Aucun produit trouvé",
      notFound: "Commande introuvable",
    });
  });
});

describe("the reference search", () => {
  it("runs on digits only, up to a reference's length", () => {
    for (const text of ["1", "12", "000123", "999999"]) expect(isReferenceSearch(text)).toBe(true);
    for (const text of ["", " 12", "12 ", "1a", "-1", "1.5", "１２", "1234567"]) {
      expect(isReferenceSearch(text)).toBe(false);
    }
  });
});

describe("orderItemsEditable", () => {
  it("lets lines change only before the order is paid", () => {
    expect(ORDER_STATUSES.filter(orderItemsEditable)).toEqual(["to-validate", "to-pay"]);
  });
});
