import { expect } from "@playwright/test";
import { test } from "./support/fixtures";
import { DEMO_ADMIN } from "./support/server";

test("an anonymous visitor is sent to the sign-in page of each area", async ({ page }) => {
  await page.goto("/customer/profile");
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomer%2Fprofile$/);
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("an admin signs in and returns to the page first asked for", async ({ page }) => {
  await page.goto("/admin/lives");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Mot de passe").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/admin\/lives$/);
  await expect(page.getByRole("heading", { name: "Lives" })).toBeVisible();
});

test("a wrong password is refused with a French message", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Mot de passe").fill("mauvais-mot-de-passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByText("Email ou mot de passe incorrect").first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a signed-in customer is told she has no admin rights", async ({ customerPage: page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText("Vous n'avez pas les droits administrateur")).toBeVisible();
});

test("the admin sees the back-office and the customer area's Administration link", async ({
  adminPage: page,
}) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  await page.goto("/customer/profile");
  await expect(page.getByRole("link", { name: "Administration" })).toBeVisible();
});

test("a failed attempt's toast does not follow the admin onto the dashboard", async ({ page }) => {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Mot de passe").fill("mauvais-mot-de-passe");
  await page.getByRole("button", { name: "Se connecter" }).click();
  const notifications = page.getByRole("region", { name: /Notifications/ });
  await expect(notifications.getByText("Email ou mot de passe incorrect")).toBeVisible();

  await page.getByLabel("Mot de passe").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord" })).toBeVisible();
  // Well before the toast's own 4 seconds are over: it went with the successful sign-in.
  await expect(notifications.getByText("Email ou mot de passe incorrect")).toHaveCount(0, { timeout: 1_000 });
});

test("a signed-in admin reads the public FAQ without being asked for a TikTok handle", async ({
  adminPage: page,
}) => {
  await page.goto("/customer/faq");
  await expect(page.getByRole("heading", { level: 1, name: "Questions fréquentes" })).toBeVisible();
  await expect(page).toHaveURL(/\/customer\/faq$/);
});
