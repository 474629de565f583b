import { expect, type Page } from "@playwright/test";

/** Opens the development outbox and follows the link of the newest mail sent to `email`. */
export async function followLatestMailLink(page: Page, email: string): Promise<void> {
  await page.goto("/dev/mail");
  const mail = page
    .getByRole("article")
    .filter({ hasText: `À : ${email}` })
    .first();
  await expect(mail).toBeVisible();
  const link = mail.getByRole("link", { name: /\/auth\/verify\?token=/ });
  await link.click();
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
