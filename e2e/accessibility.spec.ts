import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";

const publicPages = ["/", "/login", "/signup", "/contact", "/cgv", "/customer/faq", "/admin/login"];

for (const url of publicPages) {
  test(`${url} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("the back-office dashboard has no serious accessibility violation", async ({ adminPage: page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Ventes par live" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
