import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";

test("an admin prepares a paid order: generates its label, opens the PDF, and validates the preparation", async ({
  adminPage: page,
  customer,
  createOrder,
}) => {
  test.setTimeout(60_000);
  const order = await createOrder(customer, {
    status: "paid",
    shippingAddress: deliveryAddress,
    pieces: [
      { name: "Robe fleurie", priceCents: 4000, color: { name: "Rouge", hexCode: "#DC2626" } },
      { name: "Jean droit", priceCents: 2990 },
    ],
  });
  const unpaid = await createOrder(customer, { status: "to-pay", shippingAddress: deliveryAddress });

  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Préparation" })
    .click();
  await expect(page.getByRole("heading", { name: "Préparation des commandes", level: 1 })).toBeVisible();
  await page.getByLabel("Rechercher une commande").fill(`@${customer.handle}`);
  const card = page.getByRole("article", { name: `Commande ${order.orderNumber}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole("article", { name: `Commande ${unpaid.orderNumber}` })).toHaveCount(0);
  await expect(card).toContainText(`@${customer.handle}`);
  await expect(card).toContainText(customer.email);
  await expect(card).toContainText("12 rue des Lilas");
  await expect(card).toContainText("69001 Lyon");
  await expect(card.getByRole("listitem").filter({ hasText: "Robe fleurie" })).toContainText("Rouge");
  await expect(card.getByRole("listitem").filter({ hasText: "Jean droit" })).toContainText("Sans couleur");
  await expect(card.getByRole("button", { name: "Valider la préparation" })).toHaveCount(0);

  // The customer is written to from the card, with a template.
  await card.getByRole("button", { name: "Envoyer un message" }).click();
  const messageDialog = page.getByRole("dialog", { name: "Envoyer un message" });
  await expect(messageDialog).toContainText(customer.email);
  await messageDialog.getByLabel("Type de message").selectOption({ label: "Expédiée" });
  await expect(messageDialog.getByLabel("Objet")).toHaveValue("Votre commande est en route");
  await messageDialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Message envoyé !")).toBeVisible();
  await expect(messageDialog).toBeHidden();

  // The address is corrected from the card, before the label is made from it.
  await card.getByRole("button", { name: "Modifier l'adresse" }).click();
  const addressDialog = page.getByRole("dialog", { name: "Adresse de livraison" });
  await addressDialog.getByLabel("Adresse").fill("3 place Bellecour");
  await addressDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(addressDialog).toBeHidden();
  await expect(card).toContainText("3 place Bellecour");

  await card.getByRole("button", { name: "Générer l'étiquette" }).click();
  await expect(page.getByText("Étiquette d'expédition générée")).toBeVisible();
  const tracking = card.getByRole("link", { name: /^VT\d{11}$/ });
  await expect(tracking).toBeVisible();
  const trackingId = (await tracking.textContent()) ?? "";
  expect(await seriousViolations(page)).toEqual([]);

  // Download: the PDF, named after the parcel.
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Télécharger" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`etiquette-${trackingId}.pdf`);
  const saved = await download.createReadStream();
  let head = "";
  for await (const chunk of saved) {
    head += String(chunk).slice(0, 5);
    break;
  }
  expect(head).toBe("%PDF-");

  // Print: the label opens in a window of its own.
  const opening = page.waitForEvent("popup");
  await card.getByRole("button", { name: "Imprimer" }).click();
  const popup = await opening;
  expect(new URL(popup.url()).pathname).toBe(`/api/admin/orders/${order.id}/label`);
  const pdf = await page.request.get(popup.url());
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await popup.close();

  // Deleting asks first, then the block offers a new label.
  await card.getByRole("button", { name: "Supprimer l'étiquette" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer l'étiquette ?" });
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("Étiquette d'expédition supprimée")).toBeVisible();
  await expect(card.getByRole("button", { name: "Valider la préparation" })).toHaveCount(0);
  await card.getByRole("button", { name: "Générer l'étiquette" }).click();
  await expect(card.getByRole("link", { name: /^VT\d{11}$/ })).not.toHaveText(trackingId);

  await card.getByRole("button", { name: "Valider la préparation" }).click();
  await expect(
    page.getByText(`Préparation validée : la commande ${order.orderNumber} est à expédier`),
  ).toBeVisible();
  await expect(card).toHaveCount(0);
  // Other journeys may leave paid orders of their own: the empty state or the search's.
  await expect(
    page.getByText(/^(Aucune commande à préparer|Aucune commande ne correspond à votre recherche)$/),
  ).toBeVisible();
});
