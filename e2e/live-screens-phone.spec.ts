import { expect, type Locator, type Page } from "@playwright/test";
import type { ClaimMode } from "@vitrine/domain";
import { seriousViolations } from "./support/accessibility";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { viewerComments, type LiveSale } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

const PHONE = { width: 390, height: 844 };
liveTest.use({ viewport: PHONE });

/** The live's mode and hold, set as the live page does (PUT settings). */
async function putClaimSettings(page: Page, sale: LiveSale, mode: ClaimMode, holdSeconds: number | null) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode, holdSeconds },
  });
  expect(response.ok()).toBe(true);
}

/**
 * Whether the element is on the first screen, without scrolling: its whole box above 844 px, or
 * above `bottom` (a bar fixed at the foot of the screen covers what is under it).
 */
async function onFirstScreen(locator: Locator, bottom = PHONE.height): Promise<boolean> {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  return box !== null && box.y >= 0 && box.y + box.height <= Math.min(bottom, PHONE.height);
}

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

liveTest(
  "on a phone, the sidebar's switch brings 'Réservations' and 'Ajouter' into the first screen, whatever the comment feed holds",
  async ({ adminPage: page, sale }) => {
    await putClaimSettings(page, sale, "automatique", null);
    await openSidebar(page, sale);
    const [holder, waiting] = [uniqueHandle("tient"), uniqueHandle("attend_un_pseudo_long")].map((handle) =>
      handle.toLowerCase(),
    ) as [string, string];
    await viewerComments(sale, holder, "je prends le 1");
    await viewerComments(sale, waiting, "je prends le 1");
    // A feed long enough to push anything under it far below the first screen.
    for (let n = 0; n < 12; n += 1) await viewerComments(sale, uniqueHandle("bavarde"), `trop belle ${n}`);
    const feed = page.getByRole("list", { name: "Commentaires" });
    await expect(feed.getByText("trop belle 11")).toBeVisible();

    const views = page.getByRole("group", { name: "Partie affichée" });
    const claimsButton = views.getByRole("button", { name: "Réservations" });
    expect(await onFirstScreen(claimsButton)).toBe(true);
    await expect(views.getByRole("button", { name: "Commentaires" })).toHaveAttribute("aria-pressed", "true");

    await claimsButton.click();
    await expect(claimsButton).toHaveAttribute("aria-pressed", "true");
    expect(await onFirstScreen(page.getByRole("heading", { name: "Réservations", level: 2 }))).toBe(true);
    await expect(feed).toBeHidden();
    const piece = page
      .getByRole("list", { name: "Pièces réservées" })
      .getByRole("listitem", { name: /^Réf 1 / });
    // The holder's hold ends with its day; her order by its number.
    await expect(piece).toContainText(new RegExp(`@${holder} — Dans la commande n°HF-`));
    await expect(piece).toContainText(/jusqu'à (aujourd'hui|demain) \d\d:\d\d/);
    // The waiting viewer's handle has a line of its own, wider than its buttons leave room for.
    const waitlistEntry = piece
      .getByRole("list", { name: "Liste d'attente de la réf 1" })
      .getByRole("listitem");
    await expect(waitlistEntry).toHaveCount(1);
    const handleLine = waitlistEntry.getByText(`1. @${waiting}`);
    const give = waitlistEntry.getByRole("button", { name: `Donner la réf 1 à @${waiting}` });
    const [handleBox, giveBox] = [await handleLine.boundingBox(), await give.boundingBox()];
    expect(handleBox && giveBox && handleBox.y + handleBox.height <= giveBox.y).toBe(true);
    expect(handleBox && handleBox.height < 40).toBe(true);
    expect(await fitsWidth(page)).toBe(true);

    await views.getByRole("button", { name: "Ajouter" }).click();
    expect(await onFirstScreen(page.getByRole("heading", { name: "Ajouter à une commande" }))).toBe(true);
    await expect(page.getByRole("heading", { name: "Réservations", level: 2 })).toBeHidden();
    // The order list names the order by its number, as the claims do.
    const order = page
      .getByRole("list", { name: "Commandes du live" })
      .getByRole("listitem")
      .filter({ hasText: `@${holder}` });
    await expect(order).toContainText(/n°HF-/);
    await expect(order).not.toContainText("#");

    // The quick add applies sign-up's handle rule: a space makes a handle nobody can sign up with.
    const form = page.getByRole("form", { name: "Ajouter un produit à une commande" });
    await form.getByLabel("Référence du produit").fill("2");
    await form.getByLabel("Pseudo TikTok").fill("marie dupont");
    await form.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Le pseudo TikTok ne doit contenir que des lettres, chiffres, points ou underscore",
    );
    await expect(page.getByRole("list", { name: "Commandes du live" }).getByRole("listitem")).toHaveCount(1);
    expect(await seriousViolations(page)).toEqual([]);

    await views.getByRole("button", { name: "Commentaires" }).click();
    await expect(feed).toBeVisible();
  },
);

const cardOf = (page: Page, sale: LiveSale, ref: number) =>
  page.getByRole("article", { name: `n°\u00a0${ref} Robe ${sale.ref} n°${ref}` });

liveTest(
  "on a phone, the customer's live page lists her active hold first, on the first screen, in words, and says why a claim waits",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    await page.goto("/customer/live");
    // The empty state's no-break spaces are spaces, not a printed escape.
    const empty = page.getByText(/^Écrivez par exemple/);
    await expect(empty).toContainText("«\u00a0je prends le 12\u00a0»");
    await expect(empty).not.toContainText("\\u00a0");

    // An hour's hold on piece 1, then a hold of a second on piece 2 that expires at once.
    await putClaimSettings(adminPage, sale, "automatique", 3600);
    await viewerComments(sale, customer.handle, "je prends le 1");
    await expect(cardOf(page, sale, 1)).toContainText("Réservé");
    await putClaimSettings(adminPage, sale, "automatique", 1);
    await viewerComments(sale, customer.handle, "je prends le 2");
    await expect(cardOf(page, sale, 2)).toContainText("Expiré", { timeout: 10_000 });
    // In manual mode her claim of piece 3 waits for the shop, and says so.
    await putClaimSettings(adminPage, sale, "manuel", null);
    await viewerComments(sale, customer.handle, "je prends le 3");
    const waiting = cardOf(page, sale, 3);
    await expect(waiting).toContainText("En attente de la boutique");
    await expect(waiting).toContainText(
      "Vous avez demandé cette pièce en premier\u00a0: pendant ce live, la boutique attribue elle-même chaque pièce et va valider votre demande.",
    );

    // Running claims first (newest first), the expired one last, though it is newer than piece 1.
    await expect(page.getByRole("list", { name: "Mes pièces du live" }).getByRole("article")).toHaveText([
      /n°\u00a03 /,
      /n°\u00a01 /,
      /n°\u00a02 /,
    ]);
    const held = cardOf(page, sale, 1);
    await expect(held).toContainText(/Réservé encore (59 min|1 h)/);
    const nav = await page.getByRole("navigation", { name: "Navigation de l'espace client" }).boundingBox();
    const navTop = nav && nav.y > PHONE.height / 2 ? nav.y : PHONE.height;
    expect(await onFirstScreen(page.getByRole("heading", { name: "Live", level: 1 }), navTop)).toBe(true);
    expect(await onFirstScreen(held, navTop)).toBe(true);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
  },
);
