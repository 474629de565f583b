import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";

test("an admin filters the orders, changes the status of several at once and is told which one failed", async ({
  adminPage: page,
  appData,
  createCustomer,
  createOrder,
}) => {
  test.setTimeout(60_000);
  const customer = await createCustomer();
  const made = [];
  // Addressed and with a parcel number, as the status table asks of 'Payée' and 'Expédiée'.
  const ready = { status: "to-pay", shippingAddress: deliveryAddress, trackingId: "6A11122233344" } as const;
  for (let index = 0; index < 3; index++) made.push(await createOrder(customer, ready));
  // Another customer's order, which the search must leave out.
  await createOrder(await createCustomer(), ready);

  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Commandes" })).toBeVisible();
  await page.getByLabel("Rechercher").fill(`@${customer.handle}`);
  await page.getByLabel("Statut", { exact: true }).selectOption({ label: "À payer" });
  const table = page.getByRole("table", { name: /Commandes/ });
  const rows = table
    .getByRole("row")
    .filter({ has: page.getByRole("checkbox") })
    .filter({ hasText: "HF-" });
  await expect(rows).toHaveCount(3);
  await expect(page).toHaveURL(/recherche=/);
  await expect(rows.first()).toContainText(`@${customer.handle}`);
  await expect(rows.first()).toContainText("46,00 €");
  await expect(rows.first()).toContainText("À payer");
  await expect(rows.first()).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(await seriousViolations(page)).toEqual([]);

  // The filters live in the URL: a reload gives the same list.
  await page.reload();
  await expect(page.getByLabel("Rechercher")).toHaveValue(`@${customer.handle}`);
  await expect(rows).toHaveCount(3);

  const [first, second, third] = made;
  if (!first || !second || !third) throw new Error("orders not made");
  await page.getByRole("checkbox", { name: `Sélectionner la commande ${first.orderNumber}` }).check();
  await page.getByRole("checkbox", { name: `Sélectionner la commande ${second.orderNumber}` }).check();
  await expect(page.getByText("2 commandes sélectionnées")).toBeVisible();
  await page.getByRole("checkbox", { name: "Sélectionner toutes les commandes de la page" }).check();
  await expect(page.getByText("3 commandes sélectionnées")).toBeVisible();

  // The selection's people can be written to (the messaging dialog is another slice's).
  await page.getByRole("button", { name: "Envoyer un message" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();

  await page.getByRole("button", { name: "Changer le statut" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Veuillez sélectionner un statut" })).toBeVisible();
  await page.getByLabel("Nouveau statut").selectOption({ label: "Payée" });
  await page.getByRole("button", { name: "Changer le statut" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Changer le statut de 3 commandes ?" });
  await expect(confirm).toContainText("Les 3 commandes sélectionnées passeront au statut « Payée ».");
  // Removed meanwhile, by another admin's hand: it fails, the two others are changed.
  await appData.deleteOrder(third);
  await confirm.getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("2 mis à jour, 1 échec")).toBeVisible();
  await expect(page.getByRole("region", { name: "Commandes non modifiées" })).toContainText(
    `${third.orderNumber} : Commande introuvable`,
  );
  await expect(confirm).toBeHidden();
  await expect(page.getByText("1 commande sélectionnée")).toBeVisible();

  await expect(table.getByText("Aucune commande")).toBeVisible();
  await page.getByLabel("Statut", { exact: true }).selectOption({ label: "Payée" });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toContainText("Payée");

  await page.getByRole("checkbox", { name: "Sélectionner toutes les commandes de la page" }).check();
  await page.getByLabel("Nouveau statut").selectOption({ label: "Expédiée" });
  await page.getByRole("button", { name: "Changer le statut" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
  await expect(page.getByText("2 commandes mises à jour")).toBeVisible();
});

test("an admin creates an order for a live and a customer, then lands on its page", async ({
  adminPage: page,
  appData,
  createCustomer,
  createOrder,
}) => {
  const customer = await createCustomer();
  const existing = await createOrder(customer);
  const created: string[] = [];
  try {
    await page.goto("/admin/orders");
    await page.getByRole("button", { name: "Nouvelle commande" }).click();
    const dialog = page.getByRole("dialog", { name: "Nouvelle commande" });
    await dialog.getByRole("button", { name: "Créer la commande" }).click();
    await expect(dialog.getByText("La sélection d'un live est obligatoire")).toBeVisible();
    await expect(dialog.getByText("La sélection d'un utilisateur est obligatoire")).toBeVisible();

    await dialog.getByLabel("Live").selectOption(existing.liveId);
    await dialog.getByRole("combobox", { name: "Utilisateur" }).fill(customer.handle.slice(0, 14));
    await dialog.getByRole("option", { name: new RegExp(`@${customer.handle}`) }).click();
    await expect(dialog.getByRole("combobox", { name: "Utilisateur" })).toHaveValue(`@${customer.handle}`);
    await dialog.getByRole("button", { name: "Créer la commande" }).click();

    const number = existing.orderNumber.replace(/-1$/, "-2");
    await expect(page.getByText(`Commande ${number} créée`)).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    created.push(page.url().split("/").at(-1) ?? "");

    await page.goto(`/admin/orders?live=${existing.liveId}`);
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText("À valider");
    await expect(row).toContainText("6,00 €");
    await expect(row).toContainText(`@${customer.handle}`);
    await row.getByRole("link", { name: `Voir la commande ${number}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/orders/${created[0]}$`));
  } finally {
    await appData.deleteOrdersById(created);
  }
});
