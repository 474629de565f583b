import { expect } from "@playwright/test";
import { addressFormEntries, deliveryAddress, expectToast } from "./support/customer-area";
import { test } from "./support/fixtures";

test.use({ viewport: { width: 390, height: 844 } });

test("on a phone, the second order's address form is already filled with the first order's address", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const first = await createOrder(customer, {
    status: "to-validate",
    orderDate: new Date(Date.now() - 86_400_000),
  });
  await page.goto(`/customer/order/${first.id}`);
  await expect(page.getByLabel("Adresse", { exact: true })).toHaveValue("");
  for (const [label, value] of addressFormEntries) await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Note de livraison").fill(deliveryAddress.delivery_note ?? "");
  await page.getByRole("button", { name: "Valider la commande et passer au paiement" }).click();
  await expectToast(page, "Adresse de livraison mise à jour avec succès");

  // The next live: a new order, nothing to retype.
  const second = await createOrder(customer, { status: "to-validate" });
  await page.goto(`/customer/order/${second.id}`);
  for (const [label, value] of addressFormEntries)
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  await expect(page.getByLabel("Note de livraison")).toHaveValue(deliveryAddress.delivery_note ?? "");
  // Still editable: the customer may deliver elsewhere this time.
  await page.getByLabel("Ville", { exact: true }).fill("Villeurbanne");
  await page.getByLabel("Code postal", { exact: true }).fill("69100");
  await page.getByRole("button", { name: "Valider la commande et passer au paiement" }).click();
  await expectToast(page, "Adresse de livraison mise à jour avec succès");
  await expect(page.getByText("69100 Villeurbanne")).toBeVisible();
  await expect(page.getByRole("button", { name: /Payer maintenant/ })).toBeVisible();
});

test("a shipped order's page shows its parcel number and the link to follow it", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const shipped = await createOrder(customer, {
    status: "shipped",
    trackingId: "6A98765432109",
    shippingAddress: deliveryAddress,
  });
  await page.goto(`/customer/order/${shipped.id}`);
  await expect(
    page.getByRole("heading", { level: 1, name: `Commande ${shipped.orderNumber}` }),
  ).toBeVisible();
  await expect(page.getByText("Numéro de colis")).toBeVisible();
  await expect(page.getByText("6A98765432109")).toBeVisible();
  const track = page.getByRole("link", { name: /Suivre la livraison/ });
  await expect(track).toHaveAttribute("href", /^https:\/\/www\.laposte\.fr\/.*6A98765432109/);
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", /noopener/);
});
