import { describe, expect, it } from "vitest";
import { adminOrderMessages, isReferenceSearch, decideItemAddition, orderItemsEditable } from "./admin-order";
import { ORDER_STATUSES } from "./order-status";

const LIVE = "live-1";
const product = { liveId: LIVE, ref: 12 };

describe("adding a product to an order", () => {
  it("is allowed for a product of the order's live not yet in the order", () => {
    expect(decideItemAddition({ orderLiveId: LIVE, product, alreadyInOrder: false })).toEqual({ product });
  });

  it("needs the order to have a live, before anything else", () => {
    expect(decideItemAddition({ orderLiveId: null, product: null, alreadyInOrder: true })).toEqual({
      refusal: {
        reason: "no-live",
        message: "Impossible d'ajouter l'article : aucun live associé à la commande",
      },
    });
  });

  it("needs the product to be in the order's live, naming its reference", () => {
    expect(
      decideItemAddition({
        orderLiveId: LIVE,
        product: { liveId: "live-2", ref: 12 },
        alreadyInOrder: false,
      }),
    ).toEqual({
      refusal: { reason: "not-in-live", message: "Aucun produit avec la référence 12 trouvé dans ce live" },
    });
    expect(decideItemAddition({ orderLiveId: LIVE, product: null, alreadyInOrder: false })).toEqual({
      refusal: { reason: "not-in-live", message: "Aucun produit avec cette référence trouvé dans ce live" },
    });
  });

  it("refuses a product the order already holds", () => {
    expect(decideItemAddition({ orderLiveId: LIVE, product, alreadyInOrder: true })).toEqual({
      refusal: { reason: "already-in-order", message: "Ce produit est déjà présent dans la commande" },
    });
  });

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
