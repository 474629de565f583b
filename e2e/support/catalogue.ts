import { expect, type Page } from "@playwright/test";

/** A name no earlier run has used, for records that must be unique (colours, live titles). */
export function uniqueName(prefix: string): string {
  return `${prefix} ${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 100)}`;
}

/** Creates a live for a journey whose subject is not the live itself (the signed-in admin's session). */
export async function createLiveThroughApi(page: Page, title: string): Promise<{ id: string; ref: string }> {
  const response = await page.request.post("/api/admin/lives", {
    data: { title, liveDate: new Date().toISOString(), isActive: true },
  });
  expect(response.status()).toBe(201);
  const { live } = (await response.json()) as { live: { id: string; ref: string } };
  return live;
}
