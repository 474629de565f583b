import { expect, type Page } from "@playwright/test";
import { LYRA_TEST_CARDS, latePaymentMessages, paymentReviewMessages } from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import { connectDatabase } from "../apps/server/src/db/client";
import { lyraPaymentAnswer, signedIpnFields } from "../apps/server/src/integrations/payments/card-simulator";
import { simulatorKeys } from "../apps/server/src/integrations/payments/simulator-provider";
import { seriousViolations } from "./support/accessibility";
import type { CreatedOrder } from "./support/app-data";
import { deliveryAddress, expectToast, payWithCard } from "./support/customer-area";
import { test } from "./support/fixtures";
import { liveTest } from "./support/live-sale-test";
import { viewerComments, type LiveSale } from "./support/live-selling";
import { mailsTo } from "./support/mail-sink";
import { appDataAccess, E2E_BASE_URL } from "./support/server";

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

/** The live's claims as staff read them. */
async function claimsOf(page: Page, sale: LiveSale) {
  const response = await page.request.get(`/api/admin/lives/${sale.id}/claims`);
  const { claims } = (await response.json()) as {
    claims: {
      id: string;
      handle: string;
      state: string;
      orderId: string | null;
      orderNumber: string | null;
    }[];
  };
  return claims;
}

/** Statements straight to the database: time moved on, as a journey cannot wait for it. */
async function inDatabase(statement: string, values: unknown[]): Promise<void> {
  const { pool, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    await pool.query(statement, values);
  } finally {
    await close();
  }
}

liveTest(
  "a payment that arrives after its hold ended is shown as such, and 'Rendre la pièce' gives the piece back to its payer",
  async ({ adminPage, customer, createCustomer, sale }) => {
    const next = await createCustomer();
    const settings = await adminPage.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
      headers: { origin: E2E_BASE_URL },
      data: { mode: "automatique", holdSeconds: 3600 },
    });
    expect(settings.ok()).toBe(true);
    await viewerComments(sale, customer.handle, "je prends le 2");
    await viewerComments(sale, next.handle, "je prends le 2 aussi");
    const stateOf = async (handle: string) =>
      (await claimsOf(adminPage, sale)).find((claim) => claim.handle === handle)?.state;
    await expect.poll(() => stateOf(next.handle)).toBe("waitlisted");
    const held = (await claimsOf(adminPage, sale)).find((claim) => claim.handle === customer.handle);
    const orderId = held?.orderId ?? "";

    // Her card form was opened 16 minutes ago and her hold is over: the engine gives the piece on.
    await inDatabase(
      "UPDATE orders SET status = 'to-pay', payment_started_at = now() - interval '16 minutes' WHERE id = $1",
      [orderId],
    );
    await inDatabase("UPDATE live_claims SET held_until = now() - interval '1 minute' WHERE id = $1", [
      held?.id,
    ]);
    await expect.poll(() => stateOf(next.handle), { timeout: 15_000 }).toBe("in-order");

    // Then the bank's answer comes: 46 € paid for an order the hold's end emptied, and so cancelled.
    const answer = lyraPaymentAnswer({
      shopId: "simulator",
      payment: {
        orderId,
        amountCents: 4600,
        currency: "EUR",
        email: customer.email,
        reference: customer.id,
        expiresAt: Date.now() + 60_000,
      },
      transactionId: randomUUID().replace(/-/g, ""),
      paid: true,
      pan: "497010XXXXXX0055",
      now: new Date(),
    });
    const fields = signedIpnFields(
      JSON.stringify(answer),
      simulatorKeys(appDataAccess().authSecret).password,
    );
    const ipn = await adminPage.request.post("/api/payments/ipn", {
      headers: { origin: E2E_BASE_URL },
      form: fields,
    });
    expect(await ipn.json()).toEqual({ outcome: "not-payable" });

    try {
      await adminPage.goto("/admin/payment-reviews");
      const row = adminPage.getByRole("row").filter({ hasText: held?.orderNumber ?? "" });
      await expect(row.getByText(latePaymentMessages.label)).toBeVisible();
      await expect(row).toContainText(latePaymentMessages.heldBy(next.handle, false));
      expect(await seriousViolations(adminPage)).toEqual([]);

      await row.getByRole("button", { name: latePaymentMessages.giveBack }).click();
      const dialog = adminPage.getByRole("alertdialog", { name: latePaymentMessages.giveBackTitle });
      await expect(dialog).toContainText(`@${next.handle} repasse en tête de la liste d'attente`);
      await dialog.getByRole("button", { name: latePaymentMessages.giveBack }).click();
      await expectToast(adminPage, latePaymentMessages.givenBack);
      await expect(row).toHaveCount(0);
      await expect.poll(() => stateOf(next.handle)).toBe("waitlisted");
      expect(await stateOf(customer.handle)).toBe("paid");
    } finally {
      // The live's orders go with the live; a payment that paid one must go first.
      await inDatabase("DELETE FROM payment_transactions WHERE order_id = $1", [orderId]);
    }
  },
);
