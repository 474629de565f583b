import { expect } from "@playwright/test";
import { formatEuros, LYRA_TEST_CARDS, SHIPPING_FEE_CENTS } from "@vitrine/domain";
import { seriousViolations } from "./support/accessibility";
import { deliveryAddress, expectToast, futureExpiry } from "./support/customer-area";
import { test } from "./support/fixtures";

/** Text as the screen reads it: a euro amount's narrow spaces read as any space. */
const spaced = (text: string) =>
  new RegExp(text.replace(/[\s\u00a0\u202f]/g, "\\s").replace(/[().]/g, "\\$&"));

test("an admin combines two paid orders of one customer into one parcel, prints its one label and validates both", async ({
  adminPage: page,
  customerPage,
  customer,
  createOrder,
}) => {
  test.setTimeout(90_000);
  const lead = await createOrder(customer, {
    status: "paid",
    shippingAddress: deliveryAddress,
    orderDate: new Date(Date.now() - 2 * 60 * 60 * 1000),
    pieces: [
      { name: "Robe fleurie", priceCents: 4000, color: { name: "Rouge", hexCode: "#DC2626" } },
      { name: "Jean droit", priceCents: 2990 },
    ],
  });
  const member = await createOrder(customer, {
    status: "to-pay",
    shippingAddress: deliveryAddress,
    pieces: [{ name: "Pull marine", priceCents: 3500, color: { name: "Bleu marine", hexCode: "#1E3A8A" } }],
  });

  // The customer pays her second order herself: its fee is really paid, so combining refunds it.
  await customerPage.goto(`/customer/order/${member.id}`);
  await customerPage.getByRole("button", { name: /^Payer maintenant/ }).click();
  await customerPage.getByLabel("Numéro de carte").fill(LYRA_TEST_CARDS.accepted);
  await customerPage.getByLabel("Date d'expiration (MM/AA)").fill(futureExpiry());
  await customerPage.getByLabel("Cryptogramme").fill("123");
  await customerPage.getByRole("button", { name: /^Payer \d/ }).click();
  await expect(customerPage.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();

  await page.goto("/admin/orders-preparation");
  await expect(page.getByRole("heading", { name: "Préparation des commandes", level: 1 })).toBeVisible();
  const offer = page.getByRole("region", { name: "Commandes à regrouper" });
  await offer
    .getByRole("button", { name: `Regrouper en un colis : ${lead.orderNumber}, ${member.orderNumber}` })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Regrouper en un colis ?" });
  await expect(confirm).toContainText(lead.orderNumber);
  await expect(confirm).toContainText(member.orderNumber);
  await expect(confirm).toContainText(
    spaced(
      `Frais de port déjà payés, remboursés par le prestataire de paiement : ${formatEuros(SHIPPING_FEE_CENTS)}`,
    ),
  );
  await confirm.getByRole("button", { name: "Regrouper en un colis" }).click();
  await expectToast(page, `Commandes regroupées dans le colis de la commande ${lead.orderNumber}`);

  // One card for the parcel: both orders' numbers and pieces, and 'Séparer' until the label exists.
  await page.getByLabel("Rechercher une commande").fill(`@${customer.handle}`);
  const card = page.getByRole("article", { name: `Commande ${lead.orderNumber}` });
  await expect(card).toBeVisible();
  await expect(page.getByRole("article", { name: `Commande ${member.orderNumber}` })).toHaveCount(0);
  await expect(card).toContainText(`Commande ${member.orderNumber}`);
  await expect(card.getByRole("listitem").filter({ hasText: "Robe fleurie" })).toContainText("Rouge");
  await expect(card.getByRole("listitem").filter({ hasText: "Pull marine" })).toContainText("Bleu marine");
  await expect(card.getByRole("button", { name: "Séparer le colis" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole("button", { name: "Générer l'étiquette" }).click();
  await expect(page.getByText("Étiquette d'expédition générée")).toBeVisible();
  const tracking = card.getByRole("link", { name: /^VT\d{11}$/ });
  await expect(tracking).toBeVisible();
  const trackingId = (await tracking.textContent()) ?? "";
  await expect(card.getByRole("button", { name: "Séparer le colis" })).toHaveCount(0);

  // The parcel's one label, downloaded, then printed.
  const downloading = page.waitForEvent("download");
  await card.getByRole("button", { name: "Télécharger" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`etiquette-${trackingId}.pdf`);
  const opening = page.waitForEvent("popup");
  await card.getByRole("button", { name: "Imprimer" }).click();
  const popup = await opening;
  expect(new URL(popup.url()).pathname).toBe(`/api/admin/orders/${lead.id}/label`);
  const pdf = await page.request.get(popup.url());
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await popup.close();

  await card.getByRole("button", { name: "Valider la préparation" }).click();
  await expectToast(page, `Préparation validée : la commande ${lead.orderNumber} est à expédier`);
  await expect(card).toHaveCount(0);

  // Both orders are to ship: the member's page shows its parcel and both statuses.
  await page.goto(`/admin/orders/${member.id}`);
  await expect(
    page.getByText(`Cette commande part dans le colis de la commande ${lead.orderNumber}.`),
  ).toBeVisible();
  for (const order of [lead, member]) {
    await expect(
      page.getByRole("listitem").filter({ hasText: `Commande ${order.orderNumber}` }),
    ).toContainText("À expédier");
  }

  // The customer follows her second order through the parcel's number, its fee given back.
  await customerPage.goto(`/customer/order/${member.id}`);
  await expect(customerPage.getByText(`Expédiée avec la commande ${lead.orderNumber}`)).toBeVisible();
  await expect(
    customerPage.getByText(spaced(`Frais de port remboursés : ${formatEuros(SHIPPING_FEE_CENTS)}`)),
  ).toBeVisible();
  expect(await seriousViolations(customerPage)).toEqual([]);
});
