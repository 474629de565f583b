import { expect, type Page } from "@playwright/test";
import { runSimulation } from "../scripts/live/simulate.mjs";
import { liveTest, openSidebar } from "./support/live-sale-test";
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

const handles = (...prefixes: string[]) => prefixes.map((prefix) => uniqueHandle(prefix).toLowerCase());

/** A piece in the sidebar's claims: its holder and its waitlist. */
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
const cardOf = (page: Page, handle: string) =>
  page
    .getByRole("list", { name: "Commentaires" })
    .getByRole("listitem")
    .filter({ hasText: `@${handle}` });

liveTest(
  "automatic mode, set on the live page: with the simulator running and no click, the first claimer gets the piece and the others wait in order",
  async ({ adminPage: page, sale }) => {
    await addLivePieces(sale, [101]);
    await page.goto(`/admin/lives/${sale.id}`);
    const mode = page.getByLabel("Mode des réservations");
    await expect(mode).toHaveValue("manuel");
    await expect(page.getByText("Vide : la durée de la boutique (24 h).")).toBeVisible();
    await mode.selectOption({ label: "Automatique" });
    await page.getByRole("button", { name: "Enregistrer les réglages" }).click();
    await expect(page.getByText("Réglages des réservations enregistrés")).toBeVisible();

    const simulation = new AbortController();
    const simulator = runSimulation({
      url: E2E_BASE_URL,
      liveRef: sale.ref,
      rate: 5,
      viewers: 20,
      seed: 29,
      signal: simulation.signal,
    });
    try {
      await openSidebar(page, sale);
      await expect(page.getByLabel("Mode des réservations")).toHaveValue("automatique");
      const [first, second, third] = handles("premiere", "deuxieme", "troisieme") as [string, string, string];
      await viewerComments(sale, first, "je prends le 101");
      await viewerComments(sale, second, "je prends le 101");
      await viewerComments(sale, third, "je prends le 101");

      // Nobody clicked: the first claimer's order has the piece, the others wait in order.
      await expect(orderOf(page, first)).toContainText("1 article");
      await expect(orderOf(page, first)).toContainText("À valider");
      await expect(pieceOf(page, 101)).toContainText(`@${first} — Dans la commande n°`);
      // A 24 h hold ends tomorrow (or later today, just after midnight): the day is said.
      await expect(pieceOf(page, 101)).toContainText(/jusqu'à (aujourd'hui|demain) \d\d:\d\d/);
      await expect(waitlistOf(page, 101)).toHaveText([
        new RegExp(`^1\\. @${second}`),
        new RegExp(`^2\\. @${third}`),
      ]);
      await expect(cardOf(page, first)).toContainText("Réf 101 · Réservée");
      await expect(cardOf(page, second)).toContainText("Réf 101 · En attente n°1");
      await expect(cardOf(page, third)).toContainText("Réf 101 · En attente n°2");
      await expect(orderOf(page, second)).toHaveCount(0);

      // The second gives up: the un-claim is no claim, and the third moves up the waitlist.
      await viewerComments(sale, second, "finalement non pour le 101");
      await expect(cardOf(page, second).filter({ hasText: "finalement non" })).toContainText("Annulation");
      await expect(cardOf(page, second).filter({ hasText: "je prends le 101" })).toContainText(
        "Réf 101 · Libérée (annulée par le viewer)",
      );
      await expect(waitlistOf(page, 101)).toHaveText([new RegExp(`^1\\. @${third}`)]);
      await expect(cardOf(page, third)).toContainText("Réf 101 · En attente n°1");
      const counters = page.getByRole("definition");
      await expect(page.getByRole("term").filter({ hasText: "Pièces réservées" })).toBeVisible();
      await expect(counters.first()).not.toHaveText("0");
    } finally {
      simulation.abort();
      await simulator.catch(() => undefined);
    }
  },
);

liveTest(
  "a hold shortened to seconds expires, and the next claimer's order gets the piece",
  async ({ adminPage: page, sale }) => {
    await addLivePieces(sale, [102]);
    await putClaimSettings(page, sale, 3);
    await openSidebar(page, sale);
    const [first, second] = handles("expire", "suivante") as [string, string];
    await viewerComments(sale, first, "je prends le 102");
    await viewerComments(sale, second, "je prends le 102");
    await expect(pieceOf(page, 102)).toContainText(`@${first} — Dans la commande`);
    await expect(waitlistOf(page, 102)).toHaveText([new RegExp(`^1\\. @${second}`)]);
    // The next holder's own hold starts when she is given the piece: a long one, to read it.
    await putClaimSettings(page, sale, 3600);

    // Three seconds on, the server takes the piece back and hands it over: no click, no reload.
    await expect(pieceOf(page, 102)).toContainText(`@${second} — Dans la commande`, { timeout: 15_000 });
    await expect(orderOf(page, second)).toContainText("1 article");
    await expect(orderOf(page, first)).toContainText("0 article");
    await expect(cardOf(page, first)).toContainText("Réf 102 · Libérée (réservation expirée)");
    await expect(cardOf(page, second)).toContainText("Réf 102 · Réservée");
    await expect(waitlistOf(page, 102)).toHaveCount(0);
  },
);

liveTest(
  "manual mode: one click on 'Donner' puts the claim in the viewer's order",
  async ({ adminPage: page, sale }) => {
    await addLivePieces(sale, [103]);
    // The claims cannot be read at first: said so, with a way to try again.
    const claimsRead = (url: URL) => url.pathname === `/api/admin/lives/${sale.id}/claims`;
    await page.route(claimsRead, (route) =>
      route.fulfill({ status: 503, json: { code: "INTERNAL", message: "indisponible" } }),
    );
    await openSidebar(page, sale);
    await expect(page.getByText("Impossible de charger les réservations")).toBeVisible({ timeout: 10_000 });
    await page.unroute(claimsRead);
    await page.getByRole("button", { name: "Réessayer" }).click();
    await expect(page.getByText("Aucune réservation pour le moment")).toBeVisible();
    await expect(page.getByLabel("Mode des réservations")).toHaveValue("manuel");
    const [viewer, later] = handles("manuel", "apres") as [string, string];
    await viewerComments(sale, viewer, "je prends le 103");
    await viewerComments(sale, later, "je prends le 103");

    const give = page
      .getByRole("list", { name: "Commentaires" })
      .getByRole("button", { name: `Donner la réf 103 à @${viewer}` });
    await expect(give).toBeVisible();
    await expect(cardOf(page, viewer)).toContainText("Réf 103 · À valider");
    await expect(cardOf(page, later)).toContainText("Réf 103 · En attente n°1");
    // Waiting for the click: no order yet.
    await expect(orderOf(page, viewer)).toHaveCount(0);

    await give.click();
    await expect(page.getByText("Pièce donnée")).toBeVisible();
    await expect(orderOf(page, viewer)).toContainText("1 article");
    await expect(cardOf(page, viewer)).toContainText("Réf 103 · Réservée");
    await expect(give).toBeHidden();
    await expect(pieceOf(page, 103)).toContainText(`@${viewer} — Dans la commande n°`);
  },
);

liveTest(
  "the live page saves the live's hold typed with its unit, says it back, and refuses one that is not a number",
  async ({ adminPage: page, sale }) => {
    await page.goto(`/admin/lives/${sale.id}`);
    const hold = page.getByLabel("Durée de réservation");
    const unit = page.getByLabel("Unité");
    await expect(hold).toHaveValue("");
    const save = page.getByRole("button", { name: "Enregistrer les réglages" });

    await hold.fill("deux heures");
    await save.click();
    await expect(
      page.getByText("La durée de réservation doit être comprise entre 1 seconde et 30 jours"),
    ).toBeVisible();
    await expect(hold).toHaveAttribute("aria-invalid", "true");

    // A quarter of an hour, typed in hours the French way, then in minutes: said back the same.
    await unit.selectOption({ label: "heures" });
    await hold.fill("0,25");
    await expect(page.getByText("= 15 min.")).toBeVisible();
    await unit.selectOption({ label: "minutes" });
    await hold.fill("15");
    await expect(page.getByText("= 15 min.")).toBeVisible();
    await save.click();
    await expect(page.getByText("Réglages des réservations enregistrés")).toBeVisible();
    const saved = await page.request.get(`/api/admin/lives/${sale.id}/claims`);
    expect(((await saved.json()) as { settings: { holdSeconds: number | null } }).settings.holdSeconds).toBe(
      900,
    );
    await page.reload();
    await expect(page.getByLabel("Durée de réservation")).toHaveValue("15");
    await expect(page.getByLabel("Unité")).toHaveValue("minutes");
    await expect(page.getByText("Vide : la durée de la boutique.")).toBeVisible();
  },
);

liveTest(
  "at 768 px, staff choose the mode in the sidebar, skip a waiting viewer, release a hold and remove one from the waitlist, confirming what takes something",
  async ({ adminPage: page, sale }) => {
    await page.setViewportSize({ width: 768, height: 1000 });
    await addLivePieces(sale, [104]);
    await openSidebar(page, sale);
    await page.getByLabel("Mode des réservations").selectOption({ label: "Automatique" });
    await expect(page.getByText("Réglages des réservations enregistrés")).toBeVisible();

    const [holder, skipped, next] = handles("tient", "passee", "suivante") as [string, string, string];
    await viewerComments(sale, holder, "je prends le 104");
    await viewerComments(sale, skipped, "je prends le 104");
    await viewerComments(sale, next, "je prends le 104");
    await expect(pieceOf(page, 104)).toContainText(`@${holder} — Dans la commande`);
    await expect(waitlistOf(page, 104)).toHaveText([
      new RegExp(`^1\\. @${skipped}`),
      new RegExp(`^2\\. @${next}`),
    ]);

    // 'Donner' to a waiting viewer while the piece is held: the server refuses, and says why.
    await page.getByRole("button", { name: `Donner la réf 104 à @${next}` }).click();
    await expect(page.getByText("Cette pièce est déjà réservée : libérez-la d'abord")).toBeVisible();
    await expect(pieceOf(page, 104)).toContainText(`@${holder} — Dans la commande`);

    // 'Passer' takes nothing from anyone: no question asked.
    await page
      .getByRole("button", { name: `Passer @${skipped} en fin de liste d'attente de la réf 104` })
      .click();
    await expect(page.getByText("Passée en fin de liste d'attente")).toBeVisible();
    await expect(waitlistOf(page, 104)).toHaveText([
      new RegExp(`^1\\. @${next}`),
      new RegExp(`^2\\. @${skipped}`),
    ]);

    // 'Libérer' takes the piece from her order: confirmed, then the next in line gets it.
    await page.getByRole("button", { name: `Libérer la réf 104 de @${holder}` }).click();
    const release = page.getByRole("alertdialog", { name: "Libérer la pièce" });
    await expect(release).toContainText(`La réf 104 sera retirée de la commande de @${holder}`);
    await release.getByRole("button", { name: "Libérer" }).click();
    await expect(page.getByText("Réservation libérée")).toBeVisible();
    await expect(pieceOf(page, 104)).toContainText(`@${next} — Dans la commande`);
    await expect(orderOf(page, holder)).toContainText("0 article");
    await expect(orderOf(page, next)).toContainText("1 article");

    // 'Retirer', from the keyboard: asked first, and cancelling changes nothing.
    const remove = page.getByRole("button", {
      name: `Retirer @${skipped} de la liste d'attente de la réf 104`,
    });
    await remove.focus();
    await page.keyboard.press("Enter");
    const removal = page.getByRole("alertdialog", { name: "Retirer de la liste d'attente" });
    await expect(removal).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(removal).toBeHidden();
    await expect(waitlistOf(page, 104)).toHaveText([new RegExp(`^1\\. @${skipped}`)]);
    await remove.click();
    await removal.getByRole("button", { name: "Retirer" }).click();
    await expect(page.getByText("Retirée de la liste d'attente")).toBeVisible();
    await expect(waitlistOf(page, 104)).toHaveCount(0);

    // Nothing sticks out sideways at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  },
);

liveTest(
  "a sidebar whose connection was cut resumes the claims after the version it had, from the stream alone",
  async ({ adminPage: page, sale }) => {
    await addLivePieces(sale, [105]);
    await openSidebar(page, sale);
    const [first, later] = handles("coupure", "pendant") as [string, string];
    await viewerComments(sale, first, "je prends le 105");
    await expect(cardOf(page, first)).toContainText("Réf 105 · À valider");

    // While cut, the reconnections wait and say where the claims resume; the polls and the
    // snapshot fail: what changed meanwhile can only come from the stream's resume.
    let reconnect = () => {};
    const reconnecting = new Promise<void>((resolve) => (reconnect = resolve));
    const resumes: URL[] = [];
    await page.route(
      (url) => url.pathname === "/api/admin/live-feed/stream",
      async (route) => {
        resumes.push(new URL(route.request().url()));
        await reconnecting;
        await route.continue();
      },
    );
    await page.route(
      (url) => url.pathname === "/api/admin/live-feed/events" || url.pathname.endsWith("/claims"),
      (route) => route.abort("internetdisconnected"),
    );
    await page.evaluate(() => window.stop());
    await expect(page.getByText(/^Direct (: reconnexion…|interrompu)/)).toBeVisible();

    // Meanwhile staff on another screen give the piece, and another viewer claims it.
    const snapshot = (await (await page.request.get(`/api/admin/lives/${sale.id}/claims`)).json()) as {
      version: number;
      claims: { id: string; handle: string }[];
    };
    const claim = snapshot.claims.find((candidate) => candidate.handle === first);
    const given = await page.request.post(`/api/admin/lives/${sale.id}/claims/${claim?.id}/give`, {
      headers: { origin: E2E_BASE_URL },
    });
    expect(given.ok()).toBe(true);
    await viewerComments(sale, later, "je prends le 105");
    await expect.poll(() => resumes.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const resume = resumes[0];
    expect(resume?.searchParams.get("claimsLiveId")).toBe(sale.id);
    expect(Number(resume?.searchParams.get("claimsAfter"))).toBeGreaterThan(0);
    expect(Number(resume?.searchParams.get("claimsAfter"))).toBeLessThanOrEqual(snapshot.version);
    reconnect();

    await expect(page.getByText("Direct actif")).toBeVisible({ timeout: 10_000 });
    await expect(cardOf(page, first)).toContainText("Réf 105 · Réservée");
    await expect(cardOf(page, later)).toContainText("Réf 105 · En attente n°1");
    await expect(pieceOf(page, 105)).toContainText(`@${first} — Dans la commande n°`);
  },
);
