import { expect, type Page } from "@playwright/test";
import { liveSiteMessages } from "@vitrine/domain";
import { connectDatabase } from "../apps/server/src/db/client";
import { seriousViolations } from "./support/accessibility";
import { liveTest, openSidebar } from "./support/live-sale-test";
import type { LiveSale } from "./support/live-selling";
import { appDataAccess, E2E_BASE_URL } from "./support/server";

async function automaticMode(page: Page, sale: LiveSale) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode: "automatique", holdSeconds: null },
  });
  expect(response.ok()).toBe(true);
}

/**
 * The comment test's minute passes without the code among the live's comments: its start is moved
 * a minute back, as the journey cannot wait for it (the API tests move the server's clock).
 */
async function minutePasses(sale: LiveSale) {
  const { pool, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    await pool.query(
      "UPDATE live_comment_tests SET started_at = started_at - interval '61 seconds' WHERE live_id = $1",
      [sale.id],
    );
  } finally {
    await close();
  }
}

for (const width of [1280, 390]) {
  liveTest(
    `at ${width} px, a customer whose comments are dropped tests them, reads that they do not arrive, and takes the piece on show from the site; staff see it 'via le site'`,
    async ({ adminPage, customerPage: page, customer, sale }) => {
      const phone = width < 768;
      await adminPage.setViewportSize({ width, height: phone ? 844 : 900 });
      await page.setViewportSize({ width, height: phone ? 844 : 900 });
      await automaticMode(adminPage, sale);

      // Staff present the réf 3.
      await openSidebar(adminPage, sale);
      if (phone) await adminPage.getByRole("button", { name: "Réservations" }).click();
      const pieces = adminPage.getByRole("region", { name: "Pièces du live" });
      await expect(pieces.getByText(liveSiteMessages.noPieceShown)).toBeVisible();
      await pieces.getByRole("button", { name: "Présenter la réf 3" }).click();
      await expect(pieces.getByText("Pièce présentée : réf 3")).toBeVisible();

      // The customer's page shows it without a reload; no 'Je le prends' while her comments may arrive.
      await page.goto("/customer/live");
      const onShow = page.getByRole("region", { name: "En ce moment : réf 3" });
      await expect(onShow).toBeVisible();
      await expect(onShow).toContainText(`Robe ${sale.ref} n°3`);
      await expect(onShow).toContainText("40,00\u00a0€");
      await expect(onShow.getByRole("button", { name: "Je le prends" })).toHaveCount(0);

      // She tests her comments: the code she writes in the live never reaches the shop.
      await page.getByRole("button", { name: "Tester mes commentaires" }).click();
      await expect(page.getByText(/^Écrivez VT-[A-Z0-9]{5} en commentaire dans le live/)).toBeVisible();
      await minutePasses(sale);
      await expect(
        page.getByRole("status").filter({ hasText: "Vos commentaires ne nous parviennent pas" }),
      ).toBeVisible({ timeout: 10_000 });

      // Staff see at once that her comments do not arrive, before she claims anything.
      await expect(
        adminPage.getByRole("list", { name: "Clients dont les commentaires ne parviennent pas" }),
      ).toContainText(`@${customer.handle}`, { timeout: 10_000 });

      // Now the button is hers: she takes the piece from the site. (Checked before the click: the
      // toast that answers it fades in, and axe reads its contrast mid-fade.)
      await expect(onShow.getByRole("button", { name: "Je le prends" })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await onShow.getByRole("button", { name: "Je le prends" }).click();
      const card = page.getByRole("article", { name: `n°\u00a03 Robe ${sale.ref} n°3` });
      await expect(card).toContainText("Réservé", { timeout: 10_000 });
      await expect(onShow.getByRole("button", { name: "Je le prends" })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      // Staff see the claim made from the site, and that her comments do not arrive.
      const piece = adminPage
        .getByRole("list", { name: "Pièces réservées" })
        .getByRole("listitem", { name: /^Réf 3 / });
      await expect(piece).toContainText(`@${customer.handle}`, { timeout: 10_000 });
      await expect(piece).toContainText("via le site");
      await expect(piece).toContainText("commentaires non reçus", { timeout: 10_000 });
      expect(await seriousViolations(adminPage)).toEqual([]);

      // The piece on show stays said until the next one.
      await adminPage.reload();
      if (phone) await adminPage.getByRole("button", { name: "Réservations" }).click();
      await expect(pieces.getByText("Pièce présentée : réf 3")).toBeVisible();
      await pieces.getByRole("button", { name: "Présenter la réf 5" }).click();
      await expect(pieces.getByText("Pièce présentée : réf 5")).toBeVisible();
      await expect(page.getByRole("region", { name: "En ce moment : réf 5" })).toBeVisible({
        timeout: 10_000,
      });
    },
  );
}

liveTest(
  "staff open 'Je le prends' to every signed-in customer in the live's form, and a customer who never tested her comments takes the piece on show",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    await automaticMode(adminPage, sale);
    await adminPage.goto(`/admin/lives/${sale.id}`);
    const setting = adminPage.getByLabel("Bouton « Je le prends » sur le site");
    await expect(setting).toHaveValue("unheard");
    await setting.selectOption({ label: "Tous les clients connectés" });
    await adminPage.getByRole("button", { name: "Enregistrer", exact: true }).click();
    await expect(adminPage.getByText("Live mis à jour")).toBeVisible();
    await adminPage.reload();
    await expect(setting).toHaveValue("signed-in");

    await openSidebar(adminPage, sale);
    await adminPage.getByRole("button", { name: "Présenter la réf 2" }).click();
    await page.goto("/customer/live");
    const onShow = page.getByRole("region", { name: "En ce moment : réf 2" });
    await onShow.getByRole("button", { name: "Je le prends" }).click();
    await expect(page.getByRole("article", { name: `n°\u00a02 Robe ${sale.ref} n°2` })).toContainText(
      "Réservé",
    );
    const piece = adminPage
      .getByRole("list", { name: "Pièces réservées" })
      .getByRole("listitem", { name: /^Réf 2 / });
    await expect(piece).toContainText(`@${customer.handle}`, { timeout: 10_000 });
    await expect(piece).toContainText("via le site");
    await expect(piece).not.toContainText("commentaires non reçus");
  },
);
