import { expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { seriousViolations } from "./support/accessibility";
import { createLiveThroughApi, uniqueName } from "./support/catalogue";
import { addressFormEntries, deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";

/** A product for sale in the order's live, created as staff do. */
async function addProductToLive(page: Page, liveId: string, ref: number, name: string, priceCents: number) {
  const response = await page.request.post("/api/admin/products", {
    data: { liveId, name, ref, priceCents },
  });
  expect(response.status()).toBe(201);
}

const REQUIRED_MESSAGES = [
  "Le prénom est obligatoire",
  "Le nom est obligatoire",
  "L'adresse est obligatoire",
  "Le code postal est obligatoire",
  "La ville est obligatoire",
  "L'email est obligatoire",
  "Le téléphone est obligatoire",
];

test("an admin changes an order's status and address, adds an item by reference with the keyboard and deletes one", async ({
  customer,
  createOrder,
  adminPage: page,
}) => {
  // A long journey on a shared two-core machine.
  test.setTimeout(90_000);
  const order = await createOrder(customer, {
    status: "to-validate",
    pieces: [
      { name: "Robe fleurie", priceCents: 4000, color: { name: "Rouge", hexCode: "#DC2626" } },
      { name: "Jean droit", priceCents: 3500 },
    ],
  });
  await addProductToLive(page, order.liveId, 12, "Pull marin", 2990);
  await addProductToLive(page, order.liveId, 13, "Chemise en lin", 1990);

  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByText("81,00 €").first()).toBeVisible();
  await expect(page.getByText("Colissimo", { exact: true })).toBeVisible();
  await expect(page.getByText(`@${customer.handle}`)).toBeVisible();
  await expect(page.getByText("À valider", { exact: true })).toBeVisible();
  const items = page.getByRole("table", { name: "Articles de la commande" });
  await expect(items.getByRole("row")).toHaveCount(3);
  await expect(items.getByRole("row").filter({ hasText: "Robe fleurie" })).toContainText("Rouge");
  expect(await seriousViolations(page)).toEqual([]);

  // Status: the table's moves only; 'À payer' asks for an address first, and says so.
  await page.getByRole("button", { name: "Changer le statut" }).click();
  const statusDialog = page.getByRole("dialog", { name: "Changer le statut" });
  await expect(statusDialog.getByLabel("Nouveau statut").getByRole("option", { name: "Livrée" })).toHaveCount(
    0,
  );
  await statusDialog.getByLabel("Nouveau statut").selectOption({ label: "À payer" });
  await statusDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Impossible : la commande n'a pas d'adresse de livraison")).toBeVisible();
  await statusDialog.getByRole("button", { name: "Annuler" }).click();
  await expect(statusDialog).toBeHidden();
  await expect(page.getByText("À valider", { exact: true })).toBeVisible();

  // Address: every required field named, then saved; the status stays.
  await expect(page.getByText("Aucune adresse de livraison pour le moment.")).toBeVisible();
  await page.getByRole("button", { name: "Saisir l'adresse" }).click();
  const addressDialog = page.getByRole("dialog", { name: "Adresse de livraison" });
  await expect(addressDialog.getByLabel("Pays")).toHaveValue("France");
  await expect(addressDialog.getByLabel("Pays")).toBeDisabled();
  await addressDialog.getByRole("button", { name: "Enregistrer" }).click();
  for (const message of REQUIRED_MESSAGES) {
    await expect(addressDialog.getByRole("alert").filter({ hasText: message })).toBeVisible();
  }
  expect(await seriousViolations(page)).toEqual([]);
  for (const [label, value] of addressFormEntries) {
    await addressDialog.getByLabel(label, { exact: true }).fill(value);
  }
  await addressDialog.getByLabel("Note de livraison").fill(deliveryAddress.delivery_note ?? "");
  await addressDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(addressDialog).toBeHidden();
  await expect(page.getByText("Adresse de livraison mise à jour")).toBeVisible();
  await expect(page.getByText("12 rue des Lilas")).toBeVisible();
  await expect(page.getByText("69001 Lyon")).toBeVisible();
  await expect(page.getByText("À valider", { exact: true })).toBeVisible();

  // With its address, the order moves on.
  await page.getByRole("button", { name: "Changer le statut" }).click();
  await statusDialog.getByLabel("Nouveau statut").selectOption({ label: "À payer" });
  await statusDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(statusDialog).toBeHidden();
  await expect(page.getByText("Statut de la commande mis à jour")).toBeVisible();
  await expect(page.getByText("À payer", { exact: true })).toBeVisible();

  // Add by reference: a product must be chosen, digits only, suggestions from the live's products for sale.
  const reference = page.getByRole("combobox", { name: "Ajouter un produit par référence" });
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Veuillez sélectionner un produit" })).toBeVisible();
  await reference.fill("9");
  await expect(page.getByRole("status").filter({ hasText: "Aucun produit trouvé" })).toBeVisible();
  await reference.fill("");
  await reference.pressSequentially("a1");
  await expect(reference).toHaveValue("1");
  const suggestions = page.getByRole("listbox", { name: "Produits disponibles" });
  // Reference 1 is already in the order: only 12 and 13 are for sale.
  await expect(suggestions.getByRole("option")).toHaveCount(2);
  await expect(reference).toHaveAttribute("aria-expanded", "true");
  await reference.press("ArrowDown");
  await expect(suggestions.getByRole("option", { name: /Pull marin/ })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await reference.press("ArrowDown");
  const linen = suggestions.getByRole("option", { name: /Chemise en lin/ });
  await expect(linen).toHaveAttribute("aria-selected", "true");
  await expect(reference).toHaveAttribute("aria-activedescendant", (await linen.getAttribute("id")) ?? "");
  await reference.press("Enter");
  await expect(suggestions).toBeHidden();
  await expect(reference).toHaveValue("13");
  await expect(page.getByText("Produit sélectionné : Réf. 13 · Chemise en lin · 19,90 €")).toBeVisible();
  await reference.press("Enter");
  await expect(page.getByText("Produit ajouté à la commande avec succès")).toBeVisible();
  await expect(items.getByRole("row")).toHaveCount(4);
  await expect(items.getByRole("row").filter({ hasText: "Chemise en lin" })).toContainText("19,90 €");
  await expect(page.getByRole("heading", { name: "Articles (3)" })).toBeVisible();
  await expect(page.getByText("100,90 €").first()).toBeVisible();

  // The piece now sold is no longer suggested.
  await reference.fill("1");
  await expect(suggestions.getByRole("option")).toHaveCount(1);
  await expect(suggestions.getByRole("option")).toContainText("Pull marin");
  await reference.press("Escape");
  await expect(suggestions).toBeHidden();

  // Delete an item, after confirming: the total follows.
  await page.getByRole("button", { name: "Supprimer l'article Jean droit (réf. 2)" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer l'article" });
  await expect(confirm).toContainText("« Jean droit » (réf. 2) sera retiré de la commande");
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Article supprimé avec succès")).toBeVisible();
  await expect(items.getByRole("row").filter({ hasText: "Jean droit" })).toHaveCount(0);
  await expect(page.getByText("65,90 €").first()).toBeVisible();
  await expect(page.getByText("100,90 €")).toHaveCount(0);

  // What the page shows is what was saved.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Articles (2)" })).toBeVisible();
  await expect(page.getByText("65,90 €").first()).toBeVisible();
  await expect(page.getByText("À payer", { exact: true })).toBeVisible();
  await expect(page.getByText("12 rue des Lilas")).toBeVisible();

  // Once paid, the items stay as they were paid: a delete is refused, and says why.
  await page.getByRole("button", { name: "Changer le statut" }).click();
  await statusDialog.getByLabel("Nouveau statut").selectOption({ label: "Payée" });
  await statusDialog.getByRole("button", { name: "Enregistrer" }).click();
  // The dialog's own list names 'Payée' too: the badge is read once the dialog has closed.
  await expect(statusDialog).toBeHidden();
  await expect(page.getByText("Payée", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Supprimer l'article Robe fleurie (réf. 1)" }).click();
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(
    page.getByText(
      "Les articles de cette commande ne peuvent plus être modifiés : elle n'est plus à valider ni à payer.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Articles (2)" })).toBeVisible();
});

test("an unknown order says so, with a way back to the list", async ({ adminPage: page }) => {
  await page.goto(`/admin/orders/${randomUUID()}`);
  await expect(page.getByRole("heading", { level: 1, name: "Commande introuvable" })).toBeVisible();
  await expect(page.getByText("La commande demandée n'existe pas.")).toBeVisible();
  await page.getByRole("link", { name: "Retour aux commandes" }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
});

test("adding by reference a product another order of the live holds says it is sold, not that nothing matched", async ({
  adminPage: page,
}) => {
  test.setTimeout(60_000);
  const live = await createLiveThroughApi(page, uniqueName("Live vendu"));
  const productIds = new Map<number, string>();
  for (const ref of [1, 2, 10, 11]) {
    const response = await page.request.post("/api/admin/products", {
      data: { liveId: live.id, name: `Article ${ref}`, ref, priceCents: 1000 },
    });
    expect(response.status()).toBe(201);
    productIds.set(ref, ((await response.json()) as { product: { id: string } }).product.id);
  }
  const suffix = Date.now().toString(36);
  const sell = async (ref: number, handle: string) => {
    const response = await page.request.post("/api/admin/live-sidebar/add", {
      data: { liveId: live.id, productId: productIds.get(ref), handle },
    });
    expect(response.status()).toBe(201);
    return ((await response.json()) as { order: { id: string } }).order.id;
  };
  const orderId = await sell(2, `acheteuse_a_${suffix}`);
  await sell(1, `acheteuse_b_${suffix}`);

  await page.goto(`/admin/orders/${orderId}`);
  const field = page.getByRole("combobox", { name: "Ajouter un produit par référence" });
  await field.fill("1");
  // Reference 1 is sold: 10 and 11 are offered, in that order.
  await expect(page.getByRole("listbox", { name: "Produits disponibles" }).getByRole("option")).toHaveText([
    /^10/,
    /^11/,
  ]);
  await page.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Ce produit a déjà été vendu dans ce live.")).toBeVisible();
  await expect(page.getByText("Aucun produit trouvé")).toHaveCount(0);

  // Reference 2 is this very order's.
  await field.fill("2");
  await expect(
    page.getByRole("status").filter({ hasText: "Ce produit est déjà présent dans la commande" }),
  ).toBeVisible();
});
