import { expect } from "@playwright/test";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { runSimulation } from "../scripts/live/simulate.mjs";
import { seriousViolations } from "./support/accessibility";
import { signUpThroughTheForm } from "./support/auth";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { countChatsAfter, addLivePieces, storeComments, viewerComments } from "./support/live-selling";
import { uniqueEmail, uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

liveTest(
  "a claim in the chat reaches the sidebar at once, one click on 'Donner' adds it, and the viewer finds it after signing up",
  async ({ adminPage: page, sale, browser }) => {
    // Beyond the references 1 to 60 the simulator's viewers claim: this piece is claimed only here.
    await addLivePieces(sale, [70]);
    const simulation = new AbortController();
    const simulator = runSimulation({
      url: E2E_BASE_URL,
      liveRef: sale.ref,
      rate: 2,
      viewers: 20,
      seed: 16,
      signal: simulation.signal,
    });
    try {
      await openSidebar(page, sale);
      await expect(page.getByText("Source du live : Connecté")).toBeVisible();

      const handle = uniqueHandle("viewer").toLowerCase();
      await viewerComments(sale, handle, "je prends le 70");
      // Stored, read as a claim by the server and acknowledged: on the screen within a second.
      const claim = page
        .getByRole("list", { name: "Commentaires" })
        .getByRole("button", { name: `Donner la réf 70 à @${handle}` });
      await expect(claim).toBeVisible({ timeout: 1_000 });

      await claim.click();
      await expect(page.getByText("Pièce donnée")).toBeVisible();
      const order = page
        .getByRole("list", { name: "Commandes du live" })
        .getByRole("listitem")
        .filter({ hasText: `@${handle}` });
      await expect(order).toContainText("1 article");
      await expect(order).toContainText("46,00 €");
      await expect(order).toContainText("À valider");
      await order.getByRole("button").first().click();
      await expect(order.getByRole("button", { name: "Supprimer réf 70" })).toBeVisible();
      // The piece is in her order: the claim says so, and there is nothing left to give.
      await expect(claim).toBeHidden();
      await expect(
        page.getByRole("list", { name: "Commentaires" }).getByText("Réf 70 · Réservée"),
      ).toBeVisible();

      simulation.abort();
      await simulator;

      const context = await browser.newContext();
      try {
        const customer = await context.newPage();
        await signUpThroughTheForm(customer, handle, uniqueEmail("viewer"));
        await expect(customer.getByRole("article", { name: `HF-${sale.ref}-1` })).toBeVisible();
      } finally {
        await context.close();
      }
    } finally {
      simulation.abort();
      await simulator.catch(() => undefined);
    }
  },
);

liveTest(
  "after a long cut the sidebar shows the newest comments, counts those it did not get, and reads them back",
  async ({ adminPage: page, sale }) => {
    await openSidebar(page, sale);
    await viewerComments(sale, uniqueHandle("avant").toLowerCase(), "avant la coupure");
    await expect(page.getByText("avant la coupure")).toBeVisible();

    // While the connection is cut, the stream's reconnections wait, and say where they resume.
    let reconnect = () => {};
    const reconnecting = new Promise<void>((resolve) => (reconnect = resolve));
    const resumePoints: number[] = [];
    await page.route(
      (url) => url.pathname === "/api/admin/live-feed/stream",
      async (route) => {
        const request = route.request();
        const lastEventId = await request.headerValue("last-event-id");
        resumePoints.push(Number(lastEventId ?? new URL(request.url()).searchParams.get("after")));
        await reconnecting;
        await route.continue();
      },
    );
    // The pages of the gap wait until the count has been read on the screen.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const gapPages: URL[] = [];
    await page.route(
      (url) => url.pathname === "/api/admin/live-feed/gap",
      async (route) => {
        gapPages.push(new URL(route.request().url()));
        await released;
        await route.continue();
      },
    );

    // The connection drops; meanwhile 12,000 comments are committed (on another instance, say).
    // The polls fail too while it is cut: what the page missed is for the stream to tell.
    await page.route(
      (url) => url.pathname === "/api/admin/live-feed/events",
      (route) => route.abort("internetdisconnected"),
    );
    await page.evaluate(() => window.stop());
    await expect(page.getByText(/^Direct (: reconnexion…|interrompu)/)).toBeVisible();
    await storeComments(sale, 12_000);
    await expect.poll(() => resumePoints.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const missed = (await countChatsAfter(resumePoints[0] ?? 0)) - 10_000;
    expect(missed).toBeGreaterThanOrEqual(2_000);
    reconnect();

    // The stream sends the newest 10,000 and names the ones before them, which are counted.
    const missedText = `${new Intl.NumberFormat("fr-FR").format(missed)} commentaires non affichés`;
    await expect(page.getByText(missedText)).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText("commentaire 12000", { exact: true })).toBeVisible();
    await expect(page.getByText("Direct actif")).toBeVisible();

    release();
    await expect(page.getByText(/commentaires? non affichés?/)).toBeHidden();
    // Read back page by page (500 a page), oldest first, each page after the previous one.
    expect(gapPages).toHaveLength(Math.ceil(missed / 500));
    const afters = gapPages.map((url) => Number(url.searchParams.get("after")));
    expect([...afters].sort((a, b) => a - b)).toEqual(afters);
    expect(afters[0]).toBe(resumePoints[0]);
    // Still the latest comments on the screen: those read back are older.
    await expect(page.getByText("commentaire 12000", { exact: true })).toBeVisible();
  },
);

liveTest(
  "staff add from the keyboard, and a refusal keeps what was typed",
  async ({ adminPage: page, sale }) => {
    await openSidebar(page, sale);
    const reference = page.getByLabel("Référence du produit");
    const handleField = page.getByLabel("Pseudo TikTok");

    await page.getByRole("button", { name: "Ajouter", exact: true }).click();
    await expect(page.getByText("Veuillez sélectionner un produit et indiquer un pseudo")).toBeVisible();

    const first = uniqueHandle("clavier").toLowerCase();
    await reference.click();
    await page.keyboard.type("2");
    await page.keyboard.press("Tab");
    await expect(handleField).toBeFocused();
    await page.keyboard.type(`@${first.toUpperCase()} `);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Produit ajouté à la commande avec succès")).toBeVisible();
    await expect(reference).toHaveValue("");
    await expect(handleField).toHaveValue("");
    await expect(reference).toBeFocused();
    await expect(page.getByLabel("Live", { exact: true })).toHaveValue(sale.id);
    const firstOrder = page
      .getByRole("list", { name: "Commandes du live" })
      .getByRole("listitem")
      .filter({ hasText: `@${first}` });
    await expect(firstOrder).toContainText("1 article");

    // Product 4 chosen in the list, then sold by someone else before 'Ajouter': the server refuses.
    await page.keyboard.type("4");
    await page.getByRole("option", { name: /Robe .* n°4/ }).click();
    const second = uniqueHandle("refus").toLowerCase();
    await handleField.fill(second);
    const found = await page.request.get(`/api/admin/live-sidebar/products?liveId=${sale.id}&ref=4`);
    const { products } = (await found.json()) as { products: { id: string; ref: number }[] };
    const product = products.find((candidate) => candidate.ref === 4);
    expect(product).toBeDefined();
    const quicker = uniqueHandle("rapide").toLowerCase();
    const sold = await page.request.post("/api/admin/live-sidebar/add", {
      headers: { origin: E2E_BASE_URL },
      data: { liveId: sale.id, productId: product?.id, handle: quicker },
    });
    expect(sold.ok()).toBe(true);
    // Sold from elsewhere: the stream's `orders` event brings that order into the list.
    await expect(
      page
        .getByRole("list", { name: "Commandes du live" })
        .getByRole("listitem")
        .filter({ hasText: `@${quicker}` }),
    ).toBeVisible();
    await handleField.press("Enter");
    // The refusal is the field's alert (the closed suggestions popup holds the same words).
    await expect(
      page.getByRole("alert").filter({ hasText: "Ce produit a déjà été vendu dans ce live." }),
    ).toBeVisible();
    await expect(reference).toHaveValue("4");
    await expect(handleField).toHaveValue(second);

    // The first add is taken back: its item deleted from the latest orders.
    await firstOrder.getByRole("button", { expanded: false }).click();
    await firstOrder.getByRole("button", { name: "Supprimer réf 2" }).click();
    await expect(page.getByText("Article supprimé avec succès")).toBeVisible();
    await expect(firstOrder).toContainText("0 article");
  },
);

liveTest(
  "a source whose comments were refused for good shows 'Dégradé' where the source's state is shown",
  async ({ adminPage: page, sale }) => {
    const source = createIngestClient({ url: E2E_BASE_URL, liveRef: sale.ref });
    await source.sendStatus("connected");
    await openSidebar(page, sale);
    await expect(page.getByText("Source du live : Connecté")).toBeVisible();
    // What the TikTok bridge reports once it set refused events aside.
    await source.sendStatus("degraded");
    await expect(page.getByText("Source du live : Dégradé : des commentaires ont été refusés")).toBeVisible();
  },
);

liveTest("the live page follows the chat without reloading", async ({ adminPage: page, sale }) => {
  await page.goto(`/admin/lives/${sale.id}`);
  await expect(page.getByRole("heading", { name: sale.title, level: 1 })).toBeVisible();
  await expect(page.getByText("Aucun événement TikTok n'a été enregistré pour ce live")).toBeVisible();
  const handle = uniqueHandle("spectatrice").toLowerCase();
  await viewerComments(sale, handle, "Trop belle cette robe");
  await expect(page.getByRole("cell", { name: "Trop belle cette robe" })).toBeVisible();
  await expect(page.getByText("Aucun utilisateur dans ce live pour le moment")).toBeHidden();
});

liveTest(
  "the live-order sidebar has no serious accessibility violation",
  async ({ adminPage: page, sale }) => {
    await openSidebar(page, sale);
    await viewerComments(sale, uniqueHandle("axe").toLowerCase(), "je prends le 1");
    await expect(
      page.getByRole("list", { name: "Commentaires" }).getByRole("button", { name: /^Donner la réf 1 à/ }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  },
);

liveTest(
  "while the real-time stream is down, the sidebar polls and then resumes",
  async ({ adminPage: page, sale }) => {
    await page.route("**/api/admin/live-feed/stream**", (route) => route.abort());
    await page.goto(`/admin/live-order-sidebar?live=${sale.id}`);
    await expect(page.getByText(/^Direct (interrompu|: reconnexion)/)).toBeVisible();
    const polled = uniqueHandle("sondage").toLowerCase();
    await viewerComments(sale, polled, "je prends le 6");
    // The spec's 5-second polling is the fallback.
    const comments = page.getByRole("list", { name: "Commentaires" });
    await expect(comments.getByRole("button", { name: `Donner la réf 6 à @${polled}` })).toBeVisible({
      timeout: 8_000,
    });

    await page.unroute("**/api/admin/live-feed/stream**");
    await expect(page.getByText("Direct actif")).toBeVisible({ timeout: 15_000 });
    const streamed = uniqueHandle("direct").toLowerCase();
    await viewerComments(sale, streamed, "le 2 svp");
    await expect(comments.getByRole("button", { name: `Donner la réf 2 à @${streamed}` })).toBeVisible({
      timeout: 2_000,
    });
    // Each comment once, whatever the poll and the stream's replay both brought.
    await expect(comments.getByRole("button", { name: `Donner la réf 6 à @${polled}` })).toHaveCount(1);
  },
);
