import { describe, expect, it } from "vitest";
import { paths } from "../lib/paths";
import { type AdminMenuEntry, adminMenu, adminPages, isAdminEntryActive } from "./admin-sections";

function entry(label: string): AdminMenuEntry {
  const found = adminMenu.find((candidate) => candidate.label === label);
  if (!found) throw new Error(`no menu entry ${label}`);
  return found;
}

describe("back office sections", () => {
  it("lists the sidebar of the specification, in its order", () => {
    expect(adminMenu.map(({ to, label }) => [to, label])).toEqual([
      ["/admin", "Tableau de bord"],
      ["/admin/users", "Utilisateurs"],
      ["/admin/products", "Produits"],
      ["/admin/live-order-sidebar", "Commande live"],
      ["/admin/orders", "Commandes"],
      ["/admin/payment-reviews", "Paiements à vérifier"],
      ["/admin/orders-preparation", "Préparation"],
      ["/admin/lives", "Lives"],
      ["/admin/colors", "Couleurs"],
      ["/admin/faqs", "FAQs"],
      ["/admin/message-templates", "Templates messages"],
      ["/admin/pages", "Pages"],
      ["/admin/settings", "Réglages"],
    ]);
  });

  it("gives every back office page of the specification one route", () => {
    const patterns = adminPages.map((page) => page.path.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
    expect([...patterns].sort()).toEqual(
      [
        paths.admin.home,
        paths.admin.users,
        paths.admin.userMerge,
        paths.admin.auditLog,
        paths.admin.products,
        paths.admin.bulkProducts,
        paths.admin.liveOrderSidebar,
        paths.admin.orders,
        paths.admin.order,
        paths.admin.paymentReviews,
        paths.admin.ordersPreparation,
        paths.admin.lives,
        paths.admin.live,
        paths.admin.colors,
        paths.admin.faqs,
        paths.admin.messageTemplates,
        paths.admin.pages,
        paths.admin.settings,
      ]
        .map((path) => path.pattern)
        .sort(),
    );
  });

  it("highlights the entry of the page shown and of the pages reached from it", () => {
    expect(isAdminEntryActive(entry("Tableau de bord"), "/admin")).toBe(true);
    expect(isAdminEntryActive(entry("Tableau de bord"), "/admin/")).toBe(true);
    expect(isAdminEntryActive(entry("Tableau de bord"), "/admin/users")).toBe(false);
    expect(isAdminEntryActive(entry("Utilisateurs"), "/admin/users")).toBe(true);
    expect(isAdminEntryActive(entry("Utilisateurs"), paths.admin.userMerge())).toBe(true);
    expect(isAdminEntryActive(entry("Utilisateurs"), paths.admin.auditLog())).toBe(true);
    expect(isAdminEntryActive(entry("Produits"), paths.admin.bulkProducts())).toBe(true);
    expect(isAdminEntryActive(entry("Commandes"), paths.admin.order("42"))).toBe(true);
    expect(isAdminEntryActive(entry("Lives"), paths.admin.live("42"))).toBe(true);
  });

  it("does not highlight an entry for a page that only starts with the same letters", () => {
    expect(isAdminEntryActive(entry("Commandes"), "/admin/orders-preparation")).toBe(false);
    expect(isAdminEntryActive(entry("Préparation"), "/admin/orders-preparation")).toBe(true);
    expect(isAdminEntryActive(entry("Utilisateurs"), "/admin/usersx")).toBe(false);
    expect(isAdminEntryActive(entry("Utilisateurs"), "/admin")).toBe(false);
  });
});
