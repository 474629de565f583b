import { expect, type Page } from "@playwright/test";
import { followLatestMailLink, uniqueEmail, uniqueHandle } from "./mail";

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
