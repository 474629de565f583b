import { expect, type Page } from "@playwright/test";
import { latestMailTo } from "./mail-sink";

/**
 * Reads the newest mail sent to `email` in the browser, as its recipient would, and follows its
 * sign-in link.
 */
export async function followLatestMailLink(page: Page, email: string): Promise<void> {
  await openLatestMail(page, email);
  const link = page.getByRole("link", { name: /^(Me connecter|Confirmer mon email)$/ });
  await expect(link).toHaveAttribute("href", /\/auth\/verify\?token=/);
  // A page set from a string has no origin to navigate from: go where the link points.
  await page.goto((await link.getAttribute("href")) ?? "");
}

/** Shows the newest mail sent to `email` in the page, with its subject as the document's title. */
export async function openLatestMail(page: Page, email: string): Promise<void> {
  const mail = await latestMailTo(email);
  await page.setContent(mail.html);
  await expect(page).toHaveTitle(mail.subject);
}

/** A unique address per run, so journeys never collide with earlier data. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
}

/** A unique handle per run; the random tail keeps two made in the same millisecond apart. */
export function uniqueHandle(prefix: string): string {
  const tail = Math.floor(Math.random() * 36 ** 3)
    .toString(36)
    .padStart(3, "0");
  return `${prefix.slice(0, 12)}_${Date.now().toString(36)}${tail}`;
}
