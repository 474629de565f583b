import { expect, type Page } from "@playwright/test";
import { LYRA_TEST_CARDS, refundMessages } from "@vitrine/domain";
import { seriousViolations } from "./support/accessibility";
import type { CreatedOrder } from "./support/app-data";
import { deliveryAddress, expectToast, payWithCard } from "./support/customer-area";
import { test } from "./support/fixtures";

const toPay = { status: "to-pay", shippingAddress: deliveryAddress } as const;

/** The customer pays her order from its page with this card, as she does after a live. */
async function pay(page: Page, order: CreatedOrder, card: string): Promise<void> {
  await page.goto(`/customer/order/${order.id}`);
  await page.getByRole("button", { name: "Payer maintenant (46,00 €)" }).click();
  await payWithCard(page, card, "46,00 €");
  await expect(page.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customer/order/${order.id}$`), { timeout: 5_000 });
  await expect(page.getByText("Payée", { exact: true })).toBeVisible();
}

/** Staff open the order and confirm "Annuler et rembourser", reading the amount first. */
async function cancelAndRefund(adminPage: Page, order: CreatedOrder) {
  await adminPage.goto(`/admin/orders/${order.id}`);
  await expect(adminPage.getByRole("heading", { name: `Commande ${order.orderNumber}` })).toBeVisible();
  const refunds = adminPage.getByRole("table", { name: "Remboursements" });
  await expect(refunds.getByText("Aucun remboursement pour cette commande.")).toBeVisible();
  await adminPage.getByRole("button", { name: "Annuler et rembourser" }).click();
  const dialog = adminPage.getByRole("alertdialog", { name: "Annuler et rembourser la commande ?" });
  await expect(dialog).toContainText("Rembourser 46,00 € et annuler la commande ?");
  expect(await seriousViolations(adminPage)).toEqual([]);
  await dialog.getByRole("button", { name: "Annuler et rembourser" }).click();
  await expect(dialog).toBeHidden();
  return refunds;
}

test("staff cancel and refund a paid order from its page; the customer reads 'Remboursée' with the amount", async ({
  customer,
  customerPage,
  createOrder,
  adminPage,
}) => {
  const order = await createOrder(customer, toPay);
  await pay(customerPage, order, LYRA_TEST_CARDS.accepted);

  // 'Garder la commande' in the confirmation changes nothing.
  await adminPage.goto(`/admin/orders/${order.id}`);
  await adminPage.getByRole("button", { name: "Annuler et rembourser" }).click();
  await adminPage.getByRole("alertdialog").getByRole("button", { name: "Garder la commande" }).click();
  await expect(adminPage.getByRole("alertdialog")).toBeHidden();
  await expect(adminPage.getByText("Payée", { exact: true })).toBeVisible();

  const refunds = await cancelAndRefund(adminPage, order);
  await expectToast(adminPage, "Commande annulée et remboursée (46,00 €)");
  await expect(adminPage.getByText("Annulée par l'admin", { exact: true })).toBeVisible();
  const row = refunds.getByRole("row").filter({ hasText: "46,00 €" });
  await expect(row).toContainText("Commande annulée");
  await expect(row).toContainText("Effectué · Remboursement");
  // Cancelled, the order offers no second refund.
  await expect(adminPage.getByRole("button", { name: "Annuler et rembourser" })).toHaveCount(0);
  expect(await seriousViolations(adminPage)).toEqual([]);

  await customerPage.goto(`/customer/order/${order.id}`);
  await expect(customerPage.getByText("Remboursée", { exact: true })).toBeVisible();
  await expect(customerPage.getByText("Remboursée : 46,00 €")).toBeVisible();
  await expect(customerPage.getByText("Annulée par l'admin")).toHaveCount(0);
  expect(await seriousViolations(customerPage)).toEqual([]);

  await customerPage.goto("/customer/orders");
  const card = customerPage.getByRole("article", { name: order.orderNumber });
  await expect(card.getByText("Remboursée", { exact: true })).toBeVisible();
  await expect(card.getByText("Remboursée : 46,00 €")).toBeVisible();
});

test("a refund the provider refuses shows its French error and the order stays 'Payée'", async ({
  customer,
  customerPage,
  createOrder,
  adminPage,
}) => {
  const order = await createOrder(customer, toPay);
  await pay(customerPage, order, LYRA_TEST_CARDS.refundRefused);

  const refunds = await cancelAndRefund(adminPage, order);
  await expectToast(adminPage, refundMessages.refused);
  await expect(adminPage.getByText("Payée", { exact: true })).toBeVisible();
  await expect(refunds.getByRole("row").filter({ hasText: "46,00 €" })).toContainText(
    `Refusé : ${refundMessages.refused}`,
  );
  await expect(adminPage.getByRole("button", { name: "Annuler et rembourser" })).toBeVisible();

  await customerPage.goto(`/customer/order/${order.id}`);
  await expect(customerPage.getByText("Payée", { exact: true })).toBeVisible();
  await expect(customerPage.getByText("Remboursée")).toHaveCount(0);
});
