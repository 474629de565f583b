import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";

const publicPages = ["/", "/login", "/signup", "/contact", "/cgv", "/customer/faq", "/admin/login"];

for (const url of publicPages) {
  test(`${url} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the back-office dashboard has no serious accessibility violation", async ({ adminPage: page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Ventes par live" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test("the customer's orders, order, profile and payment pages have no serious accessibility violation", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const pieces = [{ name: "Robe fleurie", priceCents: 4000, color: { name: "Rouge", hexCode: "#DC2626" } }];
  const toValidate = await createOrder(customer, { status: "to-validate", pieces });
  const toPay = await createOrder(customer, { status: "to-pay", pieces, shippingAddress: deliveryAddress });
  await createOrder(customer, {
    status: "shipped",
    pieces,
    trackingId: "6A12345678901",
    shippingAddress: deliveryAddress,
  });

  await page.goto("/customer/orders");
  await expect(page.getByRole("article")).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/customer/order/${toValidate.id}`);
  await page.getByRole("main").getByLabel("Email").fill("");
  await page.getByRole("button", { name: "Valider la commande et passer au paiement" }).click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto(`/customer/order/${toPay.id}`);
  await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("button", { name: /Payer maintenant/ }).click();
  await expect(page.getByLabel("Numéro de carte")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/customer/profile");
  await expect(page.getByLabel("Prénom")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
