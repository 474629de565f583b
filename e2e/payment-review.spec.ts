import { expect, type Page } from "@playwright/test";
import { LYRA_TEST_CARDS, paymentReviewMessages } from "@vitrine/domain";
import { seriousViolations } from "./support/accessibility";
import type { CreatedOrder } from "./support/app-data";
import { deliveryAddress, expectToast, payWithCard } from "./support/customer-area";
import { test } from "./support/fixtures";
import { mailsTo } from "./support/mail-sink";

/** The shop's contact address (SHOP_CONTACT_EMAIL's default): where payments to review are mailed. */
const SHOP_EMAIL = "contact@vitrine.local";

/** Opens the card form of an order to pay from its page, as the customer does ('Payer maintenant'). */
async function openCardForm(page: Page, order: CreatedOrder): Promise<void> {
  await page.goto(`/customer/order/${order.id}`);
  await page.getByRole("button", { name: "Payer maintenant (46,00 €)" }).click();
  await expect(page.getByLabel("Numéro de carte")).toBeVisible();
}

/** Two tabs open the card form; the first pays the order, the second pays it again. */
async function payTwice(customerPage: Page, order: CreatedOrder, secondCard: string): Promise<void> {
  const secondTab = await customerPage.context().newPage();
  await openCardForm(customerPage, order);
  await openCardForm(secondTab, order);
  await payWithCard(customerPage, LYRA_TEST_CARDS.accepted, "46,00 €");
  await expect(customerPage.getByText("Paiement réussi !")).toBeVisible();
  await payWithCard(secondTab, secondCard, "46,00 €");
  await expect(secondTab.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();
  await secondTab.close();
}

const toPay = { status: "to-pay", shippingAddress: deliveryAddress } as const;

async function resolveFromList(adminPage: Page, order: CreatedOrder, action: "Rembourser" | "Accepter") {
  const row = adminPage.getByRole("row").filter({ hasText: order.orderNumber });
  await row.getByRole("button", { name: action }).click();
  const dialog = adminPage.getByRole("alertdialog", { name: `${action} ce paiement ?` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: action }).click();
  await expect(dialog).toBeHidden();
  return row;
}

test("staff see a second payment to check on the dashboard, the order and their list, and refund it; a refund the provider refuses stays listed", async ({
  customer,
  customerPage,
  createOrder,
  adminPage,
}) => {
  // Two orders each paid twice through the card form, then three decisions: a long journey.
  test.slow();
  const refundable = await createOrder(customer, toPay);
  const unrefundable = await createOrder(customer, toPay);
  await payTwice(customerPage, refundable, LYRA_TEST_CARDS.accepted);
  await payTwice(customerPage, unrefundable, LYRA_TEST_CARDS.refundRefused);

  // The shop is told by mail, once per payment.
  for (const order of [refundable, unrefundable]) {
    await expect
      .poll(() => mailsTo(SHOP_EMAIL).filter((mail) => mail.subject.includes(order.orderNumber)).length)
      .toBe(1);
  }

  await adminPage.goto("/admin");
  await expect(adminPage.getByText(/\d+ paiements à vérifier/)).toBeVisible();

  await adminPage.goto(`/admin/orders/${refundable.id}`);
  const banner = adminPage.getByRole("region", { name: paymentReviewMessages.title });
  await expect(banner).toContainText("46,00 € reçus le");
  await expect(banner).toContainText("référence du paiement");

  await adminPage
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Paiements à vérifier" })
    .click();
  await expect(adminPage.getByRole("heading", { level: 1, name: paymentReviewMessages.title })).toBeVisible();
  const refundableRow = adminPage.getByRole("row").filter({ hasText: refundable.orderNumber });
  await expect(refundableRow.getByText("46,00 €")).toBeVisible();
  expect(await seriousViolations(adminPage)).toEqual([]);

  // Asked first, and 'Annuler' changes nothing.
  await refundableRow.getByRole("button", { name: "Rembourser" }).click();
  const dialog = adminPage.getByRole("alertdialog", { name: "Rembourser ce paiement ?" });
  await expect(dialog).toContainText("46,00 € seront rendus à la carte du client");
  expect(await seriousViolations(adminPage)).toEqual([]);
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(refundableRow).toHaveCount(1);

  const refunded = await resolveFromList(adminPage, refundable, "Rembourser");
  await expectToast(adminPage, paymentReviewMessages.refunded);
  await expect(refunded).toHaveCount(0);

  const refused = await resolveFromList(adminPage, unrefundable, "Rembourser");
  await expectToast(adminPage, paymentReviewMessages.refundRefused);
  await expect(refused.getByText(paymentReviewMessages.refundRefused)).toBeVisible();

  // Staff keep that money instead: the order was paid already, its status stays.
  await resolveFromList(adminPage, unrefundable, "Accepter");
  await expectToast(adminPage, paymentReviewMessages.accepted);
  await expect(refused).toHaveCount(0);
  await adminPage.goto(`/admin/orders/${unrefundable.id}`);
  await expect(
    adminPage.getByRole("heading", { level: 1, name: `Commande ${unrefundable.orderNumber}` }),
  ).toBeVisible();
  await expect(adminPage.getByRole("region", { name: paymentReviewMessages.title })).toHaveCount(0);

  // Both decisions are in the audit log, with the order they concern.
  await adminPage.goto("/admin/audit-log");
  await expect(
    adminPage
      .getByRole("row")
      .filter({ hasText: "Paiement à vérifier remboursé" })
      .filter({ hasText: `Commande ${refundable.orderNumber}` }),
  ).toHaveCount(1);
  await expect(
    adminPage
      .getByRole("row")
      .filter({ hasText: "Paiement à vérifier accepté" })
      .filter({ hasText: `Commande ${unrefundable.orderNumber}` }),
  ).toHaveCount(1);
});

test("a customer whose payment crossed a change of her order reads 'paiement reçu, en cours de vérification' until staff accept it", async ({
  customer,
  customerPage,
  createOrder,
  adminPage,
}) => {
  const order = await createOrder(customer, toPay);
  await openCardForm(customerPage, order);
  // Meanwhile, in another tab, she sends the order back to 'À valider'.
  const otherTab = await customerPage.context().newPage();
  await otherTab.goto(`/customer/order/${order.id}`);
  await otherTab.getByRole("button", { name: "Modifier" }).click();
  await expect(otherTab.getByText("À valider", { exact: true })).toBeVisible();
  await otherTab.close();

  await payWithCard(customerPage, LYRA_TEST_CARDS.accepted, "46,00 €");
  await expect(
    customerPage.getByRole("status").filter({ hasText: paymentReviewMessages.customerStatus }),
  ).toBeVisible();

  await customerPage.goto("/customer/orders");
  const card = customerPage.getByRole("article", { name: order.orderNumber });
  await expect(card.getByText(paymentReviewMessages.customerStatus)).toBeVisible();
  expect(await seriousViolations(customerPage)).toEqual([]);
  await expect(card.getByText("À payer", { exact: true })).toHaveCount(0);
  await expect(card.getByText("À valider", { exact: true })).toHaveCount(0);
  await expect(card.getByRole("link", { name: /Régler ma commande|Valider ma commande/ })).toHaveCount(0);
  await card.getByRole("link", { name: "Voir ma commande" }).click();
  await expect(customerPage.getByText(paymentReviewMessages.customerStatus)).toBeVisible();
  await expect(customerPage.getByRole("button", { name: /Payer maintenant/ })).toHaveCount(0);

  await adminPage.goto("/admin/payment-reviews");
  await resolveFromList(adminPage, order, "Accepter");
  await expectToast(adminPage, paymentReviewMessages.accepted);

  await customerPage.reload();
  await expect(customerPage.getByText("Payée", { exact: true })).toBeVisible();
  await expect(customerPage.getByText(paymentReviewMessages.customerStatus)).toHaveCount(0);
});
