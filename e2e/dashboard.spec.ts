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
