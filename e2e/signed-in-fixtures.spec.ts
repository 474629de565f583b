import { expect } from "@playwright/test";
import { test } from "./support/fixtures";
import { uniqueEmail, uniqueHandle } from "./support/mail";

test("the fixtures open an admin's and a customer's pages without mail or password", async ({
  adminPage,
  createCustomer,
  signedInPage,
}) => {
  await adminPage.goto("/admin");
  await expect(adminPage).toHaveURL(/\/admin$/);
  await expect(adminPage.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();

  const handle = uniqueHandle("Fixture");
  const customer = await createCustomer({ handle: `@${handle}`, email: uniqueEmail("Fixture") });
  expect(customer.handle).toBe(handle.toLowerCase());
  const customerPage = await signedInPage(customer);
  await customerPage.goto("/customer/orders");
  await expect(customerPage).toHaveURL(/\/customer\/orders$/);
  await expect(customerPage.getByRole("heading", { name: "Mes commandes" })).toBeVisible();
  await customerPage.getByRole("link", { name: "Profil" }).click();
  const profile = customerPage.getByRole("main");
  await expect(profile.getByLabel("Pseudo TikTok")).toHaveValue(`@${customer.handle}`);
  await expect(profile.getByLabel("Email")).toHaveValue(customer.email);

  await customerPage.goto("/admin");
  await expect(customerPage).toHaveURL(/\/admin\/login$/);
  await expect(customerPage.getByRole("heading", { name: "Tableau de bord" })).toHaveCount(0);
  await adminPage.reload();
  await expect(adminPage.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
});
