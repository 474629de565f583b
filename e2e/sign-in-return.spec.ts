import { expect } from "@playwright/test";
import { test } from "./support/fixtures";
import { followLatestMailLink } from "./support/mail";

test("a signed-out customer who opens her order's link signs in by mail and lands on that order, not the list", async ({
  page,
  createCustomer,
  createOrder,
}) => {
  const customer = await createCustomer();
  const order = await createOrder(customer, { status: "to-pay" });

  // The link of a mail's 'Voir ma commande', opened signed out.
  await page.goto(`/customer/order/${order.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fcustomer%2Forder%2F${order.id}$`));
  await page.getByLabel("Email").fill(customer.email);
  await page.getByRole("button", { name: "Me connecter avec cet email" }).click();
  await expect(page.getByText("Un lien de connexion vous a été envoyé par email.")).toBeVisible();

  await followLatestMailLink(page, customer.email);
  await expect(page).toHaveURL(new RegExp(`/customer/order/${order.id}$`));
  await expect(page.getByText(order.orderNumber).first()).toBeVisible();

  // Signed in already, a sign-in page that names a page goes straight to it.
  await page.goto(`/login?next=${encodeURIComponent("/customer/profile")}`);
  await expect(page).toHaveURL(/\/customer\/profile$/);
  // A page of another site is never one: home instead.
  await page.goto(`/login?next=${encodeURIComponent("https://evil.example/customer")}`);
  await expect(page).toHaveURL(/\/customer\/orders$/);
});
