import { readFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { addLivePieces, viewerComments, type LiveSale } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

/*
 * Comments the reader is not sure of ("le 401 pour moi si mon mari est d'accord": under a condition,
 * "le 402 il me tente bien mais bon": a liking it cannot weigh) make claims 'À confirmer' that staff answer in one tap. The demo administrator the
 * journeys sign in as is called Admin.
 */

/** The live's mode and doubt wait, set as the live page does (PUT settings). */
async function putClaimSettings(
  page: Page,
  sale: LiveSale,
  mode: "manuel" | "automatique",
  doubtSeconds: number,
) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode, holdSeconds: null, doubtSeconds },
  });
  expect(response.ok()).toBe(true);
}

const handles = (...prefixes: string[]) => prefixes.map((prefix) => uniqueHandle(prefix).toLowerCase());

const cardOf = (page: Page, handle: string) =>
  page
    .getByRole("list", { name: "Commentaires" })
    .getByRole("listitem")
    .filter({ hasText: `@${handle}` });
const pieceOf = (page: Page, ref: number) =>
  page
    .getByRole("list", { name: "Pièces réservées" })
    .getByRole("listitem", { name: new RegExp(`^Réf ${ref} `) });
const waitlistOf = (page: Page, ref: number) =>
  pieceOf(page, ref)
    .getByRole("list", { name: `Liste d'attente de la réf ${ref}` })
    .getByRole("listitem");
const orderOf = (page: Page, handle: string) =>
  page
    .getByRole("list", { name: "Commandes du live" })
    .getByRole("listitem")
    .filter({ hasText: `@${handle}` });
/** The customer's card of a piece on /customer/live. */
const customerCardOf = (page: Page, sale: LiveSale, ref: number) =>
  page.getByRole("article", { name: `n°\u00a0${ref} Robe ${sale.ref} n°${ref}` });
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: /Notifications/ }).getByText(text, { exact: true });
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

liveTest(
  "automatic mode: a doubt waits 'À confirmer' in the sidebar at 768 px and on the customer's phone, one tap gives it, 'Ignorer' moves the queue on",
  async ({ adminPage: page, customerPage, customer, sale }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await customerPage.setViewportSize({ width: 390, height: 844 });
    await putClaimSettings(page, sale, "automatique", 600);
    await addLivePieces(sale, [401, 402]);
    await customerPage.goto("/customer/live");
    await expect(customerPage.getByText("Aucune pièce pour l'instant")).toBeVisible();
    await openSidebar(page, sale);
    const viewer = customer.handle.toLowerCase();

    // The customer asks rather than claims: staff are asked, nothing is reserved yet.
    await viewerComments(sale, customer.handle, "le 401 pour moi si mon mari est d'accord");
    const card = cardOf(page, viewer);
    await expect(card).toContainText("Réf 401 ·");
    await expect(card).toContainText("À confirmer");
    await expect(card).toContainText("Demande sous condition");
    await expect(card.getByRole("timer")).toHaveText(/^encore \d+ s$/);
    await expect(pieceOf(page, 401)).toContainText("À confirmer");
    await expect(
      pieceOf(page, 401).getByRole("button", { name: `Confirmer la réf 401 pour @${viewer}` }),
    ).toBeVisible();
    await expect(orderOf(page, viewer)).toHaveCount(0);
    // Said once to a screen reader, with its reason and time; the ticks are not.
    await expect(
      page.getByRole("status").filter({ hasText: `À confirmer : réf 401 pour @${viewer}` }),
    ).toHaveCount(1);

    const waiting = customerCardOf(customerPage, sale, 401);
    await expect(waiting).toContainText("En attente de confirmation par la boutique");
    await expect(waiting).not.toContainText("Réservé");
    expect(await fitsWidth(customerPage)).toBe(true);

    // With a doubt showing, the sidebar has nothing serious for axe, and fits 768 px.
    expect(await seriousViolations(page)).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // One tap on the comment's card gives it.
    await card.getByRole("button", { name: `Confirmer la réf 401 pour @${viewer}` }).click();
    await expect(toast(page, "Réservation confirmée")).toBeVisible();
    await expect(card).toContainText("Réf 401 · Réservée");
    await expect(card).toContainText("Confirmée par Admin");
    await expect(card.getByRole("button", { name: /^Confirmer/ })).toHaveCount(0);
    // Her account has not proven its handle yet: 'non vérifié' sits between the two.
    await expect(pieceOf(page, 401)).toContainText(new RegExp(`@${viewer}.* — Dans la commande n°`));
    await expect(orderOf(page, viewer)).toContainText("1 article");

    // Her page switches to the reserved piece on its own.
    await expect(waiting).toContainText("Réservé");
    await expect(waiting).not.toContainText("En attente de confirmation par la boutique");
    await expect(waiting).toContainText(/Réservé encore \d+ (h|min)/);

    // A doubt keeps its place: a sure claim behind it waits until staff answer.
    await page.mouse.move(0, 0);
    const [asking, sure] = handles("demande", "sure") as [string, string];
    await viewerComments(sale, asking, "le 402 il me tente bien mais bon");
    await expect(pieceOf(page, 402)).toContainText(`@${asking}`);
    await expect(pieceOf(page, 402)).toContainText("À confirmer");
    await viewerComments(sale, sure, "je prends le 402");
    await expect(waitlistOf(page, 402)).toHaveText([new RegExp(`^1\\. @${sure}`)]);
    await expect(cardOf(page, sure)).toContainText("Réf 402 · En attente n°1");

    // 'Ignorer' from the keyboard, on the piece's card: the next in line gets the piece.
    await pieceOf(page, 402)
      .getByRole("button", { name: `Ignorer la demande de @${asking} sur la réf 402` })
      .focus();
    await page.keyboard.press("Enter");
    await expect(toast(page, "Doute ignoré")).toBeVisible();
    await expect(pieceOf(page, 402)).toContainText(`@${sure} — Dans la commande n°`);
    await expect(waitlistOf(page, 402)).toHaveCount(0);
    await expect(cardOf(page, asking)).toContainText("Réf 402 · Libérée (doute ignoré par l'équipe)");
    await expect(cardOf(page, asking)).toContainText("Ignorée par Admin");
    await expect(orderOf(page, sure)).toContainText("1 article");
    await expect(orderOf(page, asking)).toHaveCount(0);
    expect(await fitsWidth(page)).toBe(true);

    // The answers, as a file for the reader's corpus: one JSON line per answer.
    await page.goto(`/admin/lives/${sale.id}`);
    const downloading = page.waitForEvent("download");
    await page.getByRole("button", { name: "Télécharger les réponses aux doutes" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.jsonl$/);
    const lines = (await readFile(await download.path(), "utf8")).trim().split("\n");
    const answers = lines.map((line) => JSON.parse(line) as { text: string; answer: string });
    expect(answers.map(({ text, answer }) => ({ text, answer }))).toEqual(
      expect.arrayContaining([
        { text: "le 401 pour moi si mon mari est d'accord", answer: "confirmed" },
        { text: "le 402 il me tente bien mais bon", answer: "ignored" },
      ]),
    );
  },
);

liveTest(
  "manual mode: a doubt has 'Confirmer' and 'Ignorer' instead of 'Donner'; an answer given meanwhile from another screen is said, and the claims read again",
  async ({ adminPage: page, sale }) => {
    await putClaimSettings(page, sale, "manuel", 600);
    await addLivePieces(sale, [403, 404]);
    await openSidebar(page, sale);
    const [first, second] = handles("manuelle", "doublee") as [string, string];
    await viewerComments(sale, first, "le 403 pour moi si mon mari est d'accord");
    await viewerComments(sale, second, "le 404 il me tente bien mais bon");
    const firstCard = cardOf(page, first);
    await expect(firstCard).toContainText("À confirmer");
    await expect(firstCard.getByRole("button", { name: /^Donner/ })).toHaveCount(0);
    await expect(pieceOf(page, 403).getByRole("button", { name: /^Donner/ })).toHaveCount(0);
    await expect(pieceOf(page, 403).getByRole("button", { name: /^Libérer/ })).toHaveCount(0);

    // Staff tap 'Confirmer' on 404 while the same answer, from another screen, arrives first.
    const secondCard = cardOf(page, second);
    const confirm = secondCard.getByRole("button", { name: `Confirmer la réf 404 pour @${second}` });
    let letThrough = () => {};
    const held = new Promise<void>((resolve) => (letThrough = resolve));
    await page.route(
      (url) => url.pathname.endsWith("/confirm"),
      async (route) => {
        await held;
        await route.continue();
      },
      { times: 1 },
    );
    await confirm.click();
    // While the request runs, the tapped button says so and waits; so does the other.
    await expect(confirm).toHaveAttribute("aria-busy", "true");
    await expect(confirm).toBeDisabled();
    await expect(secondCard.getByRole("button", { name: /^Ignorer/ })).toBeDisabled();
    const snapshot = (await (await page.request.get(`/api/admin/lives/${sale.id}/claims`)).json()) as {
      claims: { id: string; handle: string }[];
    };
    const claimId = snapshot.claims.find((claim) => claim.handle === second)?.id;
    const confirmed = await page.request.post(`/api/admin/lives/${sale.id}/claims/${claimId}/confirm`, {
      headers: { origin: E2E_BASE_URL },
    });
    expect(confirmed.ok()).toBe(true);
    letThrough();
    await expect(toast(page, "Déjà fait par Admin")).toBeVisible();
    await expect(secondCard).toContainText("Réf 404 · Réservée");
    await expect(secondCard).toContainText("Confirmée par Admin");
    await expect(secondCard.getByRole("button")).toHaveCount(0);
    await expect(orderOf(page, second)).toContainText("1 article");

    // 'Confirmer' from the keyboard (Space) gives the piece at once.
    await page.mouse.move(0, 0);
    await firstCard.getByRole("button", { name: `Confirmer la réf 403 pour @${first}` }).focus();
    await page.keyboard.press(" ");
    await expect(toast(page, "Réservation confirmée")).toBeVisible();
    await expect(pieceOf(page, 403)).toContainText(`@${first} — Dans la commande n°`);
    await expect(orderOf(page, first)).toContainText("1 article");
    await expect(firstCard).toContainText("Réf 403 · Réservée");
  },
);

liveTest(
  "a doubt nobody answers is dropped when its wait runs out, counted down on the way",
  async ({ adminPage: page, sale }) => {
    await putClaimSettings(page, sale, "automatique", 6);
    await addLivePieces(sale, [405]);
    await openSidebar(page, sale);
    const [asking] = handles("oubliee") as [string];
    await viewerComments(sale, asking, "le 405 pour moi si mon mari est d'accord");
    const card = cardOf(page, asking);
    await expect(card.getByRole("timer")).toHaveText(/^encore [4-6] s$/);
    await expect(card.getByRole("timer")).toHaveText(/^encore [1-3] s$/);
    await expect(card).toContainText("Réf 405 · Libérée (doute non confirmé à temps)", { timeout: 15_000 });
    await expect(card.getByRole("button")).toHaveCount(0);
  },
);

liveTest(
  "the live page sets the live's doubt wait in seconds, says the shop's, and refuses one out of bounds",
  async ({ adminPage: page, sale }) => {
    await page.goto(`/admin/lives/${sale.id}`);
    const wait = page.getByLabel("Délai de confirmation des doutes (secondes)");
    await expect(wait).toHaveValue("");
    await expect(wait).toHaveAccessibleDescription("Par défaut : 45 s");
    const save = page.getByRole("button", { name: "Enregistrer les réglages" });

    await wait.fill("3");
    await save.click();
    await expect(
      page.getByText("Le délai de confirmation doit être compris entre 5 secondes et 1 heure"),
    ).toBeVisible();
    await expect(wait).toHaveAttribute("aria-invalid", "true");

    await wait.fill("30");
    await save.click();
    await expect(toast(page, "Réglages des réservations enregistrés")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Délai de confirmation des doutes (secondes)")).toHaveValue("30");

    await page.getByLabel("Délai de confirmation des doutes (secondes)").fill("");
    await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
    await expect(toast(page, "Réglages des réservations enregistrés")).toBeVisible();
    await page.reload();
    await expect(page.getByLabel("Délai de confirmation des doutes (secondes)")).toHaveValue("");
    await expect(page.getByText("Par défaut : 45 s")).toBeVisible();
  },
);
