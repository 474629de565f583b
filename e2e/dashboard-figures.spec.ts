import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { deliveryAddress } from "./support/customer-area";
import { liveTest } from "./support/live-sale-test";
import { viewerComments, type LiveSale } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

const origin = { origin: E2E_BASE_URL };

interface Figures {
  claims: number;
  comments: number;
}

/** The live's figures as the API gives them, once the claims engine has read `comments`. */
async function figuresOnceRead(page: Page, sale: LiveSale, comments: number) {
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/admin/dashboard/lives/${sale.id}`);
        return ((await response.json()) as { figures: Figures }).figures.comments;
      },
      { timeout: 15_000 },
    )
    .toBe(comments);
}

liveTest(
  "the dashboard shows a live's figures, its revenue per minute and the last lives compared",
  async ({ adminPage: page, sale }) => {
    const settings = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
      headers: origin,
      data: { mode: "automatique", holdSeconds: 3600 },
    });
    expect(settings.ok()).toBe(true);
    const [payer, holder] = [uniqueHandle("payeuse").toLowerCase(), uniqueHandle("reserve").toLowerCase()];
    await viewerComments(sale, payer, "je prends le 1");
    await viewerComments(sale, holder, "je prends le 2");
    await viewerComments(sale, holder, "bravo pour le live");
    await figuresOnceRead(page, sale, 3);

    // Staff record the first viewer's payment made by hand: the order gets its address and is
    // validated, then marked paid (the orders page's bulk status), as the status table allows.
    const claims = await page.request.get(`/api/admin/lives/${sale.id}/claims`);
    const paidOrder = (
      (await claims.json()) as { claims: { handle: string; orderId: string | null }[] }
    ).claims.find((claim) => claim.handle === payer)?.orderId;
    const addressed = await page.request.put(`/api/admin/orders/${paidOrder}/address`, {
      headers: origin,
      data: deliveryAddress,
    });
    expect(addressed.ok(), await addressed.text()).toBe(true);
    for (const status of ["to-pay", "paid"]) {
      const moved = await page.request.post("/api/admin/orders/bulk-status", {
        headers: origin,
        data: { orderIds: [paidOrder], status },
      });
      expect(moved.ok(), await moved.text()).toBe(true);
      expect(((await moved.json()) as { failed: unknown[] }).failed).toEqual([]);
    }

    await page.goto("/admin");
    const figures = page.getByRole("region", { name: "Chiffres par live" });
    const option = await figures.getByRole("option", { name: new RegExp(`^${sale.title} `) }).textContent();
    await figures.getByLabel("Live").selectOption({ label: option ?? "" });
    const labels = [
      "Commentaires",
      "Réservations",
      "Réservations payées",
      "Commandes",
      "Chiffre d'affaires payé",
      "Chiffre d'affaires réservé non payé",
      "Pièces vendues",
      "Libérées faute de paiement",
      "Coupures",
    ];
    await expect(figures.getByRole("term")).toHaveText(labels);
    await expect(figures.getByRole("definition")).toHaveText([
      "3",
      "2",
      "50 %",
      "2",
      "40,00 €",
      "40,00 €",
      "1",
      "0",
      "0",
    ]);
    await expect(figures.getByRole("figure")).toContainText(
      /Chiffre d'affaires par minute, de \d{2}:\d{2} à \d{2}:\d{2}/,
    );
    // One definition of revenue, said under the figures (decision 042).
    await expect(figures).toContainText(
      "Chiffre d'affaires : prix des pièces des commandes payées, commandes annulées et remboursées exclues, frais de port à part.",
    );

    const comparison = page.getByRole("region", { name: "Comparaison des derniers lives" });
    const row = comparison.getByRole("row", { name: new RegExp(`^${sale.title} `) });
    await expect(row.getByRole("cell")).toHaveText([
      /\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/,
      "3",
      "2",
      "50 %",
      "2",
      "40,00 €",
      "40,00 €",
      "1",
      "0",
      "0",
    ]);
    expect(await seriousViolations(page)).toEqual([]);

    await page.setViewportSize({ width: 768, height: 1000 });
    await expect(figures.getByRole("definition").first()).toBeVisible();
    await expect(comparison.getByRole("table")).toBeVisible();
  },
);
