import { expect, type Page } from "@playwright/test";
import { followLatestMailLink, uniqueEmail, uniqueHandle } from "./mail";
import { DEMO_ADMIN } from "./server";

/** Creates a customer the way a person does: sign-up form, mail, link. */
export async function signUpThroughTheForm(
  page: Page,
  handle = uniqueHandle("cliente"),
  email = uniqueEmail("cliente"),
) {
  await page.goto("/signup");
  await page.getByLabel("Pseudo TikTok", { exact: true }).fill(handle);
  await page.getByLabel("Confirmez votre pseudo TikTok").fill(handle);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Confirmez votre email").fill(email);
  await page.getByLabel("J'accepte les conditions générales de vente").check();
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page.getByRole("heading", { name: "Vérifiez votre email !" })).toBeVisible();
  await followLatestMailLink(page, email);
  await expect(page).toHaveURL(/\/customer\/orders$/);
  return { handle, email };
}

export async function signInAsDemoAdmin(page: Page) {
  await page.goto("/admin/login");
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Mot de passe").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page).toHaveURL(/\/admin$/);
}
