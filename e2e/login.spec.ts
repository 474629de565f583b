import { expect, test } from "@playwright/test";
import { followLatestMailLink, uniqueEmail } from "./support/mail";
import { mailsTo } from "./support/mail-sink";

test("an unknown e-mail gets the red notice, a way to sign up, and no mail", async ({ page }) => {
  const email = uniqueEmail("inconnue");
  await page.goto("/login");
  const submit = page.getByRole("button", { name: "Me connecter avec cet email" });
  await expect(submit).toBeDisabled();
  await page.getByLabel("Email").fill(email);
  await submit.click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Aucun compte n'existe avec cet email." }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Créer votre compte" }).click();
  await expect(page).toHaveURL(/\/signup$/);

  expect(mailsTo(email)).toEqual([]);
});

test("a known customer receives a link that signs her in", async ({ page }) => {
  const email = "marie.dupont@example.com";
  await page.goto(`/login?email=${encodeURIComponent(email)}`);
  await expect(page.getByLabel("Email")).toHaveValue(email);
  await page.getByRole("button", { name: "Me connecter avec cet email" }).click();
  await expect(page.getByText("Un lien de connexion vous a été envoyé par email.")).toBeVisible();

  await followLatestMailLink(page, email);
  await expect(page).toHaveURL(/\/customer\/orders$/);
  await expect(page.getByRole("link", { name: "Marie Dupont" })).toBeVisible();

  await page.goto("/login");
  await expect(page).toHaveURL(/\/customer\/orders$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/customer\/orders$/);

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByText("Déconnexion réussie").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
  await page.goto("/customer/orders");
  await expect(page).toHaveURL(/\/login\?next=%2Fcustomer%2Forders$/);
});
