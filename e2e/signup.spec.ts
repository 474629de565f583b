import { expect, test } from "@playwright/test";
import { signUpThroughTheForm } from "./support/auth";
import { followLatestMailLink, uniqueEmail } from "./support/mail";

test("a visitor signs up, opens the mailed link and lands signed in", async ({ page }) => {
  const { handle } = await signUpThroughTheForm(page);
  await expect(page.getByRole("heading", { name: "Mes commandes" })).toBeVisible();
  await page.getByRole("link", { name: "Profil" }).click();
  await expect(page.getByLabel("Pseudo TikTok")).toHaveValue(`@${handle}`);
});

test("the sign-up form explains every rule as the visitor types", async ({ page }) => {
  await page.goto("/signup");
  const handle = page.getByLabel("Pseudo TikTok", { exact: true });
  const submit = page.getByRole("button", { name: "Créer mon compte" });

  await handle.fill("a");
  await expect(page.getByText("Le pseudo TikTok doit contenir au moins 2 caractères")).toBeVisible();
  await handle.fill("ju@lie");
  await expect(page.getByText("L'arobase (@) ne doit être qu'au début du pseudo.")).toBeVisible();
  await handle.fill("julie-mode");
  await expect(
    page.getByText("Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore"),
  ).toBeVisible();
  await handle.fill("x".repeat(25));
  await expect(page.getByText("Le pseudo TikTok ne peut pas dépasser 24 caractères")).toBeVisible();

  await handle.fill("@julie.mode");
  await page.getByLabel("Confirmez votre pseudo TikTok").fill("julie.autre");
  await expect(page.getByText("Les pseudos TikTok ne correspondent pas")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill("julie@example.com");
  await page.getByLabel("Confirmez votre email").fill("julia@example.com");
  await expect(page.getByText("Les emails ne correspondent pas")).toBeVisible();
  await expect(submit).toBeDisabled();

  await page.getByLabel("Confirmez votre pseudo TikTok").fill("julie.mode");
  await page.getByLabel("Confirmez votre email").fill("julie@example.com");
  await expect(submit).toBeDisabled();
  await page.getByLabel("J'accepte les conditions générales de vente").check();
  await expect(submit).toBeEnabled();
});

test("a handle that already has an account is refused", async ({ page, browser }) => {
  const { handle } = await signUpThroughTheForm(page);
  const other = await browser.newPage();
  await other.goto("/signup");
  await other.getByLabel("Pseudo TikTok", { exact: true }).fill(handle.toUpperCase());
  await other.getByLabel("Confirmez votre pseudo TikTok").fill(handle.toUpperCase());
  const email = uniqueEmail("autre");
  await other.getByLabel("Email", { exact: true }).fill(email);
  await other.getByLabel("Confirmez votre email").fill(email);
  await other.getByLabel("J'accepte les conditions générales de vente").check();
  await other.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(other.getByText("Ce pseudo TikTok est déjà utilisé").first()).toBeVisible();
  await expect(other.getByRole("heading", { name: "Vérifiez votre email !" })).toHaveCount(0);
  await other.close();
});

test("a link used twice shows the expired-link banner on the landing page", async ({ page, context }) => {
  const { email } = await signUpThroughTheForm(page);
  await context.clearCookies();
  await followLatestMailLink(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("alert")).toContainText("Le lien est expiré");
  expect(new URL(page.url()).hash).toBe("");
});
