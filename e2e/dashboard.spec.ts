import { expect } from "@playwright/test";
import { test } from "./support/fixtures";

test("the dashboard shows the shop's figures and the sales of the latest lives", async ({
  adminPage: page,
}) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  for (const card of ["Utilisateurs", "Produits", "Commandes", "Ventes par live"]) {
    await expect(page.getByRole("heading", { name: card, level: 2 })).toBeVisible();
  }
  await expect(page.getByText("Nouveaux cette semaine")).toBeVisible();
  await expect(page.getByText("Invendus dans les lives actifs")).toBeVisible();
  await expect(page.getByText("Payé ce mois-ci")).toBeVisible();
  // The demo live and its figures, also given as a table to screen readers.
  const salesTable = page.getByRole("table", { name: "Chiffre d'affaires et articles vendus par live" });
  await expect(salesTable.getByRole("rowheader", { name: "Nouveautés de la semaine" })).toBeAttached();
});

test("an unknown back-office path shows the not-found page inside the back office", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/nimporte-quoi");
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Menu d'administration" })).toBeVisible();
  await expect(page.getByText("La page que vous cherchez n'existe pas ou a été déplacée.")).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Retour au tableau de bord" }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

test("under 768 px the back-office menu opens as a drawer and closes on navigation", async ({
  adminPage: page,
}) => {
  await page.setViewportSize({ width: 767, height: 900 });
  await page.goto("/admin");
  const menu = page.getByRole("navigation", { name: "Menu d'administration" });
  await expect(menu).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name: "Couleurs" }).click();
  await expect(page).toHaveURL(/\/admin\/colors$/);
  await expect(menu).toBeHidden();
  await page.setViewportSize({ width: 768, height: 900 });
  await expect(menu).toBeVisible();
});
