import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";
import { createLiveThroughApi, uniqueName } from "./support/catalogue";

const DUPLICATE_REF = "Cette référence existe déjà pour ce live. Chaque référence doit être unique par live.";

test("an admin bulk-creates 10 products with a colour, edits one and is told a reference is taken", async ({
  adminPage: page,
}) => {
  // A long journey on a shared two-core machine.
  test.setTimeout(60_000);
  await page.goto("/admin");
  const liveTitle = uniqueName("Live produits");
  const live = await createLiveThroughApi(page, liveTitle);

  await page.goto("/admin/products");
  await page.getByRole("link", { name: "Création en série" }).click();
  await expect(page.getByRole("heading", { name: "Création de produits en série" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Créer 0 produit(s)" })).toBeDisabled();

  await page.getByLabel("Live").selectOption({ label: liveTitle });
  await expect(page.getByLabel("Index de début")).toHaveValue("1");
  await expect(page.getByLabel("Index de fin")).toHaveValue("10");
  await page.getByLabel("Nom du produit").fill("Robe portefeuille");
  await page.getByLabel("Prix (EUR)").fill("24,9 €");
  await expect(page.getByText("Montant compris : 24,90 €")).toBeVisible();
  await page.getByRole("radio", { name: "Rouge" }).check();
  await page.getByRole("button", { name: "Créer 10 produit(s)" }).click();
  await expect(page.getByText("10 produits créés avec succès")).toBeVisible();
  await expect(page.getByLabel("Index de début")).toHaveValue("11");
  await expect(page.getByLabel("Index de fin")).toHaveValue("20");
  await expect(page.getByRole("radio", { name: "Rouge" })).not.toBeChecked();
  const recent = page.getByRole("table", { name: "Les 50 derniers produits créés" });
  await expect(recent.getByRole("row").filter({ hasText: liveTitle })).toHaveCount(10);
  await expect(recent.getByRole("row").filter({ hasText: liveTitle }).first()).toContainText("24,90 €");

  // A start below the end keeps the end; a start past it pulls the end to start + 9.
  await page.getByLabel("Index de début").fill("9");
  await expect(page.getByLabel("Index de fin")).toHaveValue("20");
  await page.getByLabel("Index de fin").fill("12");
  await page.getByRole("radio", { name: "Noir" }).check();
  await page.getByRole("button", { name: "Créer 4 produit(s)" }).click();
  await expect(page.getByText("2 produits créés avec succès")).toBeVisible();
  await expect(
    page.getByText("Les produits avec les références suivantes existent déjà : 9, 10"),
  ).toBeVisible();

  await page.getByRole("link", { name: "Retour aux produits" }).click();
  await page.getByLabel("Live").selectOption({ label: liveTitle });
  await expect(page.getByLabel("Live")).toHaveValue(live.id);
  const table = page.getByRole("table", { name: /Produits/ });
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("row").nth(1)).toContainText("12");

  const third = table.getByRole("row").filter({ has: page.getByRole("cell", { name: "3", exact: true }) });
  await expect(third).toContainText("Rouge");
  await third.getByRole("button", { name: "Modifier" }).click();
  const editDialog = page.getByRole("dialog", { name: "Modifier le produit" });
  await editDialog.getByLabel("Nom").fill("Robe portefeuille longue");
  await editDialog.getByLabel("Prix (€)").fill("29.5");
  await editDialog.getByLabel("Taille").fill("M");
  await editDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByText("Produit « Robe portefeuille longue » modifié")).toBeVisible();
  await expect(third).toContainText("Robe portefeuille longue");
  await expect(third).toContainText("29,50 €");

  await page.getByRole("button", { name: "Ajouter un produit" }).click();
  const addDialog = page.getByRole("dialog", { name: "Ajouter un produit" });
  await expect(addDialog.getByLabel("Live associé")).toHaveValue(live.id);
  await addDialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(addDialog.getByText("Veuillez remplir tous les champs obligatoires").first()).toBeVisible();
  await addDialog.getByLabel("Nom").fill("Pull doublon");
  await addDialog.getByLabel("Référence").fill("5");
  await addDialog.getByLabel("Prix (€)").fill("15");
  await addDialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(addDialog.getByRole("alert").filter({ hasText: DUPLICATE_REF })).toBeVisible();
  await addDialog.getByLabel("Référence").fill("50");
  await addDialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(addDialog).toBeHidden();
  await expect(table.getByRole("row").nth(1)).toContainText("Pull doublon");

  await page.getByLabel("Live").selectOption({ label: "Tous les lives" });
  await expect(page).toHaveURL(/live=tous/);
  await expect(table.getByRole("row").filter({ hasText: "Robe fleurie" })).toBeVisible();
  await page.getByRole("button", { name: "Réinitialiser les filtres" }).click();
  await expect(page).not.toHaveURL(/live=/);
  await expect(table.getByRole("row").filter({ hasText: "Robe fleurie" })).toBeHidden();
});

test("a price typed the French way, 9,90, costs 9,90 € in the products list and in an order", async ({
  customer,
  createOrder,
  adminPage: page,
}) => {
  // A long journey on a shared two-core machine.
  test.setTimeout(60_000);
  const order = await createOrder(customer, {
    status: "to-validate",
    pieces: [{ name: "Robe fleurie", priceCents: 4000 }],
  });

  await page.goto("/admin/products");
  await page.getByLabel("Live").selectOption(order.liveId);
  await page.getByRole("button", { name: "Ajouter un produit" }).click();
  const dialog = page.getByRole("dialog", { name: "Ajouter un produit" });
  await expect(dialog.getByLabel("Live associé")).toHaveValue(order.liveId);
  await dialog.getByLabel("Nom").fill("Foulard en soie");
  await dialog.getByLabel("Référence").fill("20");
  const price = dialog.getByLabel("Prix (€)");

  // Before saving, the field says what it read, whichever way the amount is written.
  await price.fill("12,5");
  await expect(dialog.getByText("Montant compris : 12,50 €")).toBeVisible();
  await price.fill("9.9");
  await expect(dialog.getByText("Montant compris : 9,90 €")).toBeVisible();
  await price.fill("9,999");
  await expect(dialog.getByText("Le prix ne peut pas avoir plus de 2 décimales")).toBeVisible();
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(
    dialog.getByRole("alert").filter({ hasText: "Le prix ne peut pas avoir plus de 2 décimales" }),
  ).toBeVisible();
  await expect(dialog).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await price.fill("9,90");
  await expect(price).toHaveValue("9,90");
  await expect(dialog.getByText("Montant compris : 9,90 €")).toBeVisible();
  await dialog.getByRole("button", { name: "Ajouter" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Produit « Foulard en soie » ajouté")).toBeVisible();
  const scarf = page
    .getByRole("table", { name: /Produits/ })
    .getByRole("row")
    .filter({ hasText: "Foulard en soie" });
  await expect(scarf).toContainText("9,90 €");

  // Editing shows the price the French way, and keeps it.
  await scarf.getByRole("button", { name: "Modifier" }).click();
  const editDialog = page.getByRole("dialog", { name: "Modifier le produit" });
  await expect(editDialog.getByLabel("Prix (€)")).toHaveValue("9,90");
  await editDialog.getByRole("button", { name: "Annuler" }).click();
  await expect(editDialog).toBeHidden();

  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByText("46,00 €").first()).toBeVisible();
  const reference = page.getByRole("combobox", { name: "Ajouter un produit par référence" });
  await reference.fill("20");
  await page
    .getByRole("listbox", { name: "Produits disponibles" })
    .getByRole("option", { name: /Foulard en soie/ })
    .click();
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Produit ajouté à la commande avec succès")).toBeVisible();
  const items = page.getByRole("table", { name: "Articles de la commande" });
  await expect(items.getByRole("row").filter({ hasText: "Foulard en soie" })).toContainText("9,90 €");
  // 40,00 € + 9,90 € + 6,00 € of delivery.
  await expect(page.getByText("55,90 €").first()).toBeVisible();
});

test("bulk creation says what is wrong beside each field as it is typed, and what is still empty", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/bulk-products");
  await expect(page.getByRole("heading", { name: "Création de produits en série" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Créer 0 produit(s)" })).toBeDisabled();
  await expect(
    page.getByText("À compléter : Live, Nom du produit, Prix (EUR), Couleur, Index de début, Index de fin"),
  ).toBeVisible();

  await page.getByLabel("Prix (EUR)").fill("0");
  await expect(page.getByText("Le prix doit être supérieur à 0")).toBeVisible();
  await page.getByLabel("Index de début").fill("0");
  await expect(page.getByText("L'index de début doit être un entier positif")).toBeVisible();
  await page.getByLabel("Index de début").fill("12");
  await expect(page.getByText("L'index de début doit être un entier positif")).toHaveCount(0);
  await page.getByLabel("Index de fin").fill("5");
  await expect(page.getByText("L'index de fin doit être supérieur ou égal à l'index de début")).toBeVisible();
  await page.getByLabel("Index de fin").fill("15");
  await expect(page.getByText("L'index de fin doit être supérieur ou égal à l'index de début")).toHaveCount(
    0,
  );
  await page.getByLabel("Prix (EUR)").fill("12");
  await expect(page.getByText("Le prix doit être supérieur à 0")).toHaveCount(0);
  await expect(page.getByText("À compléter : Live, Nom du produit, Couleur")).toBeVisible();
  await expect(page.getByRole("button", { name: "Créer 4 produit(s)" })).toBeDisabled();
});
