import { describe, expect, it } from "vitest";
import {
  customerMayEditAddress,
  customerMayPay,
  customerMayReopen,
  customerOrderMessages,
  defaultOrderBanner,
  laPosteTrackingUrl,
  mainActionOpensOrder,
  orderMainAction,
  orderStatusBanners,
  orderSubtotalCents,
  paymentMethodLabel,
} from "./customer-order";
import { ORDER_STATUSES, type OrderStatus } from "./order-status";

const statusesWhere = (rule: (status: OrderStatus) => boolean) => ORDER_STATUSES.filter(rule);

describe("customer order messages", () => {
  it("are the spec's French messages, word for word", () => {
    expect(customerOrderMessages).toMatchObject({
      loadFailed: "Impossible de charger vos commandes. Veuillez réessayer plus tard.",
      notFound: "Commande introuvable",
      notFoundShort: "Commande non trouvée",
      addressSaveFailed: "Erreur lors de la mise à jour de l'adresse de livraison",
      statusUpdateFailed: "Erreur lors de la mise à jour du statut de la commande",
      reopenFailed: "Erreur lors de la réinitialisation du statut de la commande",
      addressSaved: "Adresse de livraison mise à jour avec succès",
      reopened: "Vous pouvez maintenant modifier votre adresse de livraison",
    });
  });
});

describe("status banners", () => {
  it("have one sentence per status, and in-delivery", () => {
    for (const status of [...ORDER_STATUSES, "in-delivery" as const]) {
      expect(orderStatusBanners[status]).toMatch(/\S.*[.!]$/);
    }
    expect(defaultOrderBanner).toBe("Merci pour votre commande !");
  });

  it("say the order is being prepared for paid, preparing and to-ship, and on its way once shipped", () => {
    const preparing = orderStatusBanners.preparing;
    expect(orderStatusBanners.paid).toBe(preparing);
    expect(orderStatusBanners["to-ship"]).toBe(preparing);
    expect(preparing).toContain("en préparation");
    expect(orderStatusBanners.shipped).toContain("en route");
    expect(orderStatusBanners["in-delivery"]).toBe(orderStatusBanners.shipped);
    expect(orderStatusBanners["cancelled-by-admin"]).toBe(orderStatusBanners["cancelled-by-customer"]);
  });
});

describe("the orders list's main action", () => {
  it("asks to validate a to-validate order and to pay a to-pay one", () => {
    expect(orderMainAction("to-validate", null)).toEqual({ kind: "validate", label: "Valider ma commande" });
    expect(orderMainAction("to-pay", null)).toEqual({ kind: "pay", label: "Régler ma commande" });
    // No piece left: nothing to validate or pay, whatever the status says.
    expect(orderMainAction("to-validate", null, false, false)).toEqual({
      kind: "view",
      label: "Voir ma commande",
    });
    expect(orderMainAction("to-pay", null, false, false)).toEqual({
      kind: "view",
      label: "Voir ma commande",
    });
    expect(orderMainAction("cancelled-empty", null)).toEqual({ kind: "view", label: "Voir ma commande" });
  });

  it("asks neither while the shop checks a payment the customer made", () => {
    expect(orderMainAction("to-pay", null, true)).toEqual({ kind: "view", label: "Voir ma commande" });
    expect(orderMainAction("to-validate", null, true)).toEqual({ kind: "view", label: "Voir ma commande" });
  });

  it.each<OrderStatus>(["to-ship", "shipped", "delivered"])(
    "follows the parcel of a %s order that has a tracking number, else shows the order",
    (status) => {
      expect(orderMainAction(status, "6A12345678901")).toEqual({
        kind: "track",
        label: "Suivre la livraison",
        trackingId: "6A12345678901",
      });
      expect(orderMainAction(status, null)).toEqual({ kind: "view", label: "Voir ma commande" });
      expect(orderMainAction(status, "")).toEqual({ kind: "view", label: "Voir ma commande" });
    },
  );

  it.each<OrderStatus>(["paid", "preparing", "cancelled-by-customer", "cancelled-by-admin"])(
    "shows a %s order, tracking number or not",
    (status) => {
      expect(orderMainAction(status, "6A12345678901")).toEqual({ kind: "view", label: "Voir ma commande" });
    },
  );

  it("links La Poste's tracking page, the number encoded", () => {
    expect(laPosteTrackingUrl("6A12345678901")).toBe(
      "https://www.laposte.fr/outils/suivre-vos-envois?code=6A12345678901",
    );
    expect(laPosteTrackingUrl("6A 1&x")).toBe(
      "https://www.laposte.fr/outils/suivre-vos-envois?code=6A%201%26x",
    );
  });
});

describe("amounts", () => {
  it("takes the 6 euros of shipping off the total, never below zero", () => {
    expect(orderSubtotalCents(3100, 600)).toBe(2500);
    expect(orderSubtotalCents(600, 600)).toBe(0);
    expect(orderSubtotalCents(0, 600)).toBe(0);
  });

  it("names the payment method, card by default", () => {
    expect(paymentMethodLabel(null)).toBe("Carte bancaire");
    expect(paymentMethodLabel("card")).toBe("Carte bancaire");
    expect(paymentMethodLabel("")).toBe("Carte bancaire");
    expect(paymentMethodLabel("Virement")).toBe("Virement");
  });
});

describe("what the customer may do", () => {
  it("gives the address only before validation", () => {
    expect(statusesWhere(customerMayEditAddress)).toEqual(["to-validate"]);
  });

  it("reopens with 'Modifier' only before payment", () => {
    expect(statusesWhere(customerMayReopen)).toEqual(["to-validate", "to-pay"]);
  });

  it("pays only an order waiting for payment", () => {
    expect(statusesWhere(customerMayPay)).toEqual(["to-pay"]);
  });
});

describe("mainActionOpensOrder", () => {
  it("is true when the main action leads to the order's page, false when it leads elsewhere", () => {
    expect(mainActionOpensOrder(orderMainAction("to-validate", null))).toBe(true);
    expect(mainActionOpensOrder(orderMainAction("paid", null))).toBe(true);
    expect(mainActionOpensOrder(orderMainAction("to-pay", null, true))).toBe(true);
    expect(mainActionOpensOrder(orderMainAction("to-pay", null))).toBe(false);
    expect(mainActionOpensOrder(orderMainAction("shipped", "6A12345678901"))).toBe(false);
  });
});
