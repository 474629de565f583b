import { expect } from "@playwright/test";
import { test } from "./support/fixtures";
import { createLiveThroughApi, uniqueName } from "./support/catalogue";

test("an admin adds a colour, uses it on a product, and cannot delete it any more", async ({
  adminPage: page,
}) => {
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Couleurs" })
    .click();
  await expect(page.getByRole("heading", { name: "Couleurs", level: 1 })).toBeVisible();

  const name = uniqueName("Corail");
  await page.getByRole("button", { name: "Ajouter une couleur" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter une couleur" });
  await dialog.getByLabel("Nom").fill(name);
  await dialog.getByLabel("Code hexadécimal").fill("#12345");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog.getByText(/Le code hexadécimal doit être # suivi de 6 chiffres/)).toBeVisible();
  await dialog.getByLabel("Sélecteur de couleur").fill("#ff7f50");
  await expect(dialog.getByLabel("Code hexadécimal")).toHaveValue("#FF7F50");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Couleur « ${name} » ajoutée`)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("#FF7F50");

  await page.getByRole("button", { name: "Ajouter une couleur" }).click();
  await dialog.getByLabel("Nom").fill(name);
  await dialog.getByLabel("Code hexadécimal").fill("#000001");
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(
    dialog.getByRole("alert").filter({ hasText: "Une couleur avec ce nom existe déjà" }),
  ).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();

  const liveTitle = uniqueName("Live couleurs");
  await createLiveThroughApi(page, liveTitle);
  await page.goto("/admin/products");
  await page.getByLabel("Live").selectOption({ label: liveTitle });
  await page.getByRole("button", { name: "Ajouter un produit" }).click();
  const product = page.getByRole("dialog", { name: "Ajouter un produit" });
  await product.getByLabel("Nom").fill("Top corail");
  await product.getByLabel("Référence").fill("1");
  await product.getByLabel("Prix (€)").fill("12.5");
  await product.getByLabel("Couleur").selectOption({ label: name });
  await product.getByRole("button", { name: "Ajouter" }).click();
  await expect(product).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: "Top corail" })).toContainText(name);

  // In use: the page says so, with the count, and asks nothing to confirm.
  await page.goto("/admin/colors");
  await row.getByRole("button", { name: "Supprimer" }).click();
  const inUse = page.getByRole("alertdialog", { name: "Couleur utilisée" });
  await expect(inUse).toContainText(
    `Cette couleur est utilisée par des produits et ne peut pas être supprimée (« ${name} » : 1 produit)`,
  );
  await expect(inUse.getByRole("button", { name: "Supprimer" })).toHaveCount(0);
  await expect(page.getByRole("alertdialog", { name: "Supprimer cette couleur ?" })).toHaveCount(0);
  await inUse.getByRole("button", { name: "Fermer" }).click();
  await expect(inUse).toBeHidden();
  await expect(row).toBeVisible();
});
