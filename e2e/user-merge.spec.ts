import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";

test("an admin merges two accounts: the source's orders move to the destination", async ({
  adminPage: page,
  createCustomer,
  createOrder,
}) => {
  test.setTimeout(60_000);
  const source = await createCustomer();
  const destination = await createCustomer();
  const order = await createOrder(source, { status: "paid" });

  await page.goto("/admin/user-merge");
  await expect(page.getByRole("heading", { name: "Fusion de comptes utilisateurs", level: 1 })).toBeVisible();
  await expect(page.getByText("Seules les commandes sont transférées d'un compte à l'autre.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour aux utilisateurs" })).toHaveAttribute(
    "href",
    "/admin/users",
  );
  const transfer = page.getByRole("button", { name: /Transférer les commandes/ });
  await expect(transfer).toBeDisabled();

  const sourceCard = page.getByRole("region", { name: "Utilisateur source" });
  const sourceSearch = sourceCard.getByLabel("Rechercher l'utilisateur source");
  await expect(sourceCard.getByRole("button", { name: "Rechercher" })).toBeDisabled();
  await sourceSearch.fill("personne-de-ce-nom-ici");
  await sourceCard.getByRole("button", { name: "Rechercher" }).click();
  await expect(sourceCard.getByText("Aucun utilisateur trouvé pour cette recherche")).toBeVisible();

  await sourceSearch.fill(source.handle.toUpperCase());
  await sourceCard.getByRole("button", { name: "Rechercher" }).click();
  await sourceCard.getByRole("button", { name: `Sélectionner @${source.handle}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]source=${source.id}`));
  await expect(sourceCard.getByText(source.email)).toBeVisible();
  await expect(sourceCard.getByText("Compte actif")).toBeVisible();
  const sourceOrders = sourceCard.getByRole("table", { name: "Commandes de l'utilisateur source (1)" });
  await expect(sourceOrders).toContainText(order.orderNumber);
  await expect(sourceOrders).toContainText("Payée");
  await expect(sourceOrders).toContainText("46,00 €");
  await expect(transfer).toHaveText("Transférer les commandes (1)");
  await expect(transfer).toBeDisabled();

  // The same person on both sides is refused, and said so.
  const destinationCard = page.getByRole("region", { name: "Utilisateur destination" });
  await destinationCard.getByLabel("Rechercher l'utilisateur destination").fill(source.email);
  await destinationCard.getByRole("button", { name: "Rechercher" }).click();
  await destinationCard.getByRole("button", { name: `Sélectionner @${source.handle}` }).click();
  await expect(page.getByText("Impossible de fusionner un utilisateur avec lui-même")).toBeVisible();
  await expect(transfer).toBeDisabled();
  await destinationCard
    .getByRole("button", { name: "Effacer la sélection de l'utilisateur destination" })
    .click();
  await expect(page).not.toHaveURL(/destination=/);

  await destinationCard.getByLabel("Rechercher l'utilisateur destination").fill(destination.email);
  await destinationCard.getByRole("button", { name: "Rechercher" }).click();
  await destinationCard.getByRole("button", { name: `Sélectionner @${destination.handle}` }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]destination=${destination.id}`));
  await expect(
    destinationCard.getByRole("table", { name: "Commandes de l'utilisateur destination (0)" }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await expect(transfer).toBeEnabled();
  // Nothing moves before the confirmation, which names both accounts and the number of orders.
  await transfer.click();
  const confirm = page.getByRole("alertdialog", { name: "Transférer les commandes ?" });
  await expect(confirm.getByText(/^La commande de « .+ » sera rattachée au compte « .+ »\.$/)).toBeVisible();
  await expect(confirm).toContainText(source.email);
  await expect(confirm).toContainText(destination.email);
  await confirm.getByRole("button", { name: "Annuler" }).click();
  await expect(confirm).toBeHidden();
  await expect(sourceOrders).toContainText(order.orderNumber);
  await transfer.click();
  await confirm.getByRole("button", { name: "Transférer" }).click();
  await expect(page.getByText("Fusion réussie ! 1 commande(s) ont été transférées")).toBeVisible();
  // Both cards are read again.
  await expect(
    sourceCard.getByRole("table", { name: "Commandes de l'utilisateur source (0)" }),
  ).toContainText("Aucune commande");
  await expect(
    destinationCard.getByRole("table", { name: "Commandes de l'utilisateur destination (1)" }),
  ).toContainText(order.orderNumber);
  await expect(page.getByText("L'utilisateur source n'a aucune commande à transférer")).toBeVisible();
  await expect(page.getByRole("button", { name: "Transférer les commandes (0)" })).toBeDisabled();

  // The selection lives in the URL: a reload shows the same two accounts.
  await page.reload();
  await expect(page.getByRole("table", { name: "Commandes de l'utilisateur destination (1)" })).toBeVisible();
  await page.getByRole("button", { name: "Effacer la sélection de l'utilisateur source" }).click();
  await expect(page.getByLabel("Rechercher l'utilisateur source")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`^[^?]*\\?destination=${destination.id}$`));
});
