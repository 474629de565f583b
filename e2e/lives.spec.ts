import { expect } from "@playwright/test";
import { test } from "./support/fixtures";
import { uniqueName } from "./support/catalogue";

test("an admin creates a live, switches it on, opens it and edits it", async ({ adminPage: page }) => {
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Lives" })
    .click();
  await expect(page.getByRole("heading", { name: "Lives", level: 1 })).toBeVisible();

  const title = uniqueName("Live du vendredi");
  await page.getByRole("button", { name: "Nouveau live" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau live" });
  await dialog.getByRole("button", { name: "Créer le live" }).click();
  await expect(dialog.getByText("Le titre est requis")).toBeVisible();
  await expect(dialog.getByText("La date du live est requise")).toBeVisible();
  await dialog.getByLabel("Titre").fill(title);
  await expect(dialog.getByText("Référence : live-du-ve")).toBeVisible();
  await dialog.getByLabel("Date et heure du live").fill("2031-06-13T20:30");
  await dialog.getByRole("button", { name: "Créer le live" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Live « ${title} » créé`)).toBeVisible();

  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("13/06/2031 20:30");
  await expect(row).toContainText("Inactif");
  await row.getByRole("switch", { name: `Live actif : ${title}` }).click();
  await expect(page.getByText(`Live « ${title} » activé`)).toBeVisible();
  await expect(row).not.toContainText("Inactif");
  await expect(row).toContainText("Actif");

  await row.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText("Aucun utilisateur dans ce live pour le moment")).toBeVisible();
  await expect(page.getByText("Aucun événement TikTok n'a été enregistré pour ce live")).toBeVisible();
  await page.getByRole("button", { name: "Actualiser les événements" }).click();
  await expect(page.getByText("Aucun événement TikTok n'a été enregistré pour ce live")).toBeVisible();

  const renamed = `${title} (modifié)`;
  await page.getByLabel("Titre").fill(renamed);
  await page.getByLabel("Référence").fill("Pas valide");
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText(/La référence ne peut contenir que des lettres minuscules/)).toBeVisible();
  const ref = `v${Date.now().toString(36).slice(-6)}`;
  await page.getByLabel("Référence").fill(ref);
  await page.getByRole("switch", { name: "Live actif" }).click();
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(page.getByText("Live mis à jour")).toBeVisible();
  await expect(page.getByRole("heading", { name: renamed, level: 1 })).toBeVisible();
  const details = page.getByRole("definition");
  await expect(details.filter({ hasText: ref })).toBeVisible();
  await expect(details.filter({ hasText: "Inactif" })).toBeVisible();
});

test("an unknown live shows a clear not-found page", async ({ adminPage: page }) => {
  await page.goto("/admin");
  await page.goto("/admin/lives/5f0c6d2e-8a4b-4c1d-9e2f-3a4b5c6d7e8f");
  await expect(page.getByRole("heading", { name: "Live introuvable" })).toBeVisible();
  await page.getByRole("link", { name: "Retour aux lives" }).click();
  await expect(page).toHaveURL(/\/admin\/lives$/);
});
