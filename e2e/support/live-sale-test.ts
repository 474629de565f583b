import { expect, type Page } from "@playwright/test";
import { test } from "./fixtures";
import { createLiveSale, deleteLiveSale, type LiveSale } from "./live-selling";

/** A journey with an active live of its own, deleted after it. */
export const liveTest = test.extend<{ sale: LiveSale }>({
  // Depends on createCustomer so that the live's orders go before the customers they belong to.
  sale: async ({ createCustomer: _customersOutliveOrders }, use) => {
    const sale = await createLiveSale();
    await use(sale);
    await deleteLiveSale(sale);
  },
});

/** The live-order sidebar on the sale's live, once it shows the live's source as active. */
export async function openSidebar(page: Page, sale: LiveSale) {
  await page.goto(`/admin/live-order-sidebar?live=${sale.id}`);
  await expect(page.getByRole("heading", { name: "Commande live", level: 1 })).toBeVisible();
  await expect(page.getByLabel("Live", { exact: true })).toHaveValue(sale.id);
  await expect(page.getByText("Direct actif")).toBeVisible();
}
