import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { liveTest } from "./support/live-sale-test";
import { addLivePieces, viewerComments, type LiveSale } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

/** The live's mode and hold, set as the live page does (PUT settings). */
async function putClaimSettings(page: Page, sale: LiveSale, holdSeconds: number | null) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode: "automatique", holdSeconds },
  });
  expect(response.ok()).toBe(true);
}

/** A claimed piece's card, named by its reference and name as the page shows them. */
const cardOf = (page: Page, sale: LiveSale, ref: number) =>
  page.getByRole("article", { name: `n°\u00a0${ref} Robe ${sale.ref} n°${ref}` });

const announced = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

liveTest.use({ viewport: { width: 390, height: 844 } });

liveTest(
  "a customer watching /customer/live on a phone sees her claim within a second of her comment, and her waitlist position move, announced",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    await putClaimSettings(adminPage, sale, null);
    await addLivePieces(sale, [301, 302]);
    await page.goto("/customer/live");
    await expect(page.getByRole("heading", { name: "Live", level: 1 })).toBeVisible();
    await expect(page.getByText("Aucune pièce pour l'instant")).toBeVisible();
    await expect(
      page
        .getByRole("navigation", { name: "Navigation de l'espace client" })
        .getByRole("link", { name: "Live" }),
    ).toHaveAttribute("aria-current", "page");

    const [holder, ahead] = [uniqueHandle("tenante"), uniqueHandle("devant")];
    await viewerComments(sale, holder, "je prends le 301");
    await viewerComments(sale, ahead, "je prends le 301");

    const commentedAt = Date.now();
    await viewerComments(sale, customer.handle, "je prends le 302");
    const reserved = cardOf(page, sale, 302);
    await expect(reserved).toContainText("Réservé", { timeout: 1_000 });
    expect(Date.now() - commentedAt).toBeLessThan(1_000);
    await expect(reserved).toContainText("40,00\u00a0€");
    // In words, never as a clock time: "Réservé encore 23 h 59 min".
    await expect(reserved).toContainText(/Réservé encore 2[34] h( \d\d min)?/);
    await expect(announced(page, `Réservé pour vous\u00a0: n°\u00a0302 Robe ${sale.ref} n°302`)).toHaveCount(
      1,
    );
    await expect(page.getByText(`En direct\u00a0: ${sale.title}`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Valider et payer ma commande" })).toHaveAttribute(
      "href",
      /^\/customer\/order\//,
    );

    await viewerComments(sale, customer.handle, "je prends le 301");
    const waiting = cardOf(page, sale, 301);
    await expect(waiting).toContainText("En liste d'attente");
    await expect(waiting).toContainText("n°\u00a02 dans la liste d'attente");
    // The viewer ahead leaves: her own claim did not change, her place did.
    await viewerComments(sale, ahead, "finalement je passe le 301");
    await expect(waiting).toContainText("n°\u00a01 dans la liste d'attente");
    await expect(
      announced(page, "Vous êtes maintenant n°\u00a01 sur la liste d'attente du n°\u00a0301"),
    ).toHaveCount(1);
    // Nobody else's claim on the page.
    await expect(page.getByRole("article")).toHaveCount(2);

    // 390 px: nothing wider than the screen, and axe finds nothing serious.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  },
);

liveTest(
  "a hold of a few seconds counts down on the customer's page and expires, announced",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    await putClaimSettings(adminPage, sale, 5);
    await addLivePieces(sale, [303]);
    await page.goto("/customer/live");
    await expect(page.getByText("Aucune pièce pour l'instant")).toBeVisible();

    await viewerComments(sale, customer.handle, "je prends le 303");
    const card = cardOf(page, sale, 303);
    await expect(card).toContainText(/Réservé encore [3-5] s/);
    await expect(card).toContainText(/Réservé encore [0-2] s/);
    await expect(card).toContainText("Expiré", { timeout: 10_000 });
    await expect(card).not.toContainText("Réservé encore");
    await expect(announced(page, "Réservation expirée\u00a0: n°\u00a0303")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);
  },
);
