import { expect } from "@playwright/test";
import type { LiveEventType } from "@vitrine/domain";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { runSimulation } from "../scripts/live/simulate.mjs";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { viewerComments } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

liveTest(
  "the feed holds still under the pointer while 5 comments/s arrive, and brings them in on demand",
  async ({ adminPage: page, sale }) => {
    await openSidebar(page, sale);
    // Before any source reported, the sidebar says so and how to start one.
    await expect(
      page.getByText(
        `Aucune source connectée : lancez le pont TikTok ou le simulateur (npm run live:simulate -- --live ${sale.ref})`,
      ),
    ).toBeVisible();
    await expect(page.getByText("Source du live : Déconnecté")).toBeHidden();

    const handle = uniqueHandle("survol").toLowerCase();
    await viewerComments(sale, handle, "je prends le 2");
    const claim = page
      .getByRole("list", { name: "Commentaires" })
      .getByRole("button", { name: `Donner la réf 2 à @${handle}` });
    await expect(claim).toBeVisible();
    const cards = page.getByRole("list", { name: "Commentaires" }).getByRole("listitem");
    const shownBefore = await cards.count();

    await claim.hover();
    const before = await claim.boundingBox();
    expect(before).not.toBeNull();

    // 5 comments a second for 4 seconds through the ingestion API, as a source sends them (with
    // the members, likes and gifts a live has, which the feed does not list).
    let finished = false;
    const simulation = runSimulation({
      url: E2E_BASE_URL,
      liveRef: sale.ref,
      rate: 5,
      durationSeconds: 4,
      viewers: 20,
      seed: 27,
      reportStatus: false,
    }).finally(() => (finished = true));
    const boxes: (typeof before)[] = [];
    await expect
      .poll(
        async () => {
          boxes.push(await claim.boundingBox());
          return finished;
        },
        { timeout: 20_000, intervals: [200] },
      )
      .toBe(true);
    const stats = await simulation;
    expect(stats.comments).toBeGreaterThanOrEqual(15);
    expect(stats.failed).toBe(0);
    // The claim under the pointer did not move while they arrived, nor did any card come in.
    expect(boxes.length).toBeGreaterThanOrEqual(10);
    for (const box of boxes) expect(box).toEqual(before);
    expect(await claim.boundingBox()).toEqual(before);
    await expect(cards).toHaveCount(shownBefore);

    // Every comment that arrived is counted, and one click brings them in.
    const bar = page.getByRole("button", { name: `${stats.comments} nouveaux commentaires` });
    await expect(bar).toBeVisible();
    await bar.click();
    await expect(cards).toHaveCount(shownBefore + stats.comments);
    await expect(page.getByRole("button", { name: /nouveaux? commentaires?$/ })).toBeHidden();

    // Still over the feed: the next comment waits; once the pointer leaves, it comes in by itself.
    await claim.hover();
    await viewerComments(sale, uniqueHandle("apres").toLowerCase(), "elle existe en bleu ?");
    await expect(page.getByRole("button", { name: "1 nouveau commentaire" })).toBeVisible();
    await expect(page.getByText("elle existe en bleu ?")).toBeHidden();
    await page.getByRole("heading", { name: "Commande live", level: 1 }).hover();
    await expect(page.getByText("elle existe en bleu ?")).toBeVisible();
    await expect(page.getByRole("button", { name: "1 nouveau commentaire" })).toBeHidden();
  },
);

liveTest("keyboard focus in the feed holds it still too", async ({ adminPage: page, sale }) => {
  await openSidebar(page, sale);
  const handle = uniqueHandle("clavier").toLowerCase();
  await viewerComments(sale, handle, "je prends le 3");
  const claim = page
    .getByRole("list", { name: "Commentaires" })
    .getByRole("button", { name: `Donner la réf 3 à @${handle}` });
  await expect(claim).toBeVisible();

  // From the refresh button, Tab reaches the claim's 'Donner'.
  await page.getByRole("button", { name: "Actualiser les commentaires" }).focus();
  for (let tabs = 0; tabs < 6; tabs++) {
    if (await claim.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(claim).toBeFocused();
  await viewerComments(sale, uniqueHandle("tab").toLowerCase(), "pendant le focus");
  await expect(page.getByRole("button", { name: "1 nouveau commentaire" })).toBeVisible();
  await expect(page.getByText("pendant le focus")).toBeHidden();

  // Focus leaves the feed: the waiting comment comes in.
  await page.getByLabel("Référence du produit").focus();
  await expect(page.getByText("pendant le focus")).toBeVisible();
});

liveTest("the live page names event types in French", async ({ adminPage: page, sale }) => {
  const source = createIngestClient({ url: E2E_BASE_URL, liveRef: sale.ref });
  const handle = uniqueHandle("arrivee").toLowerCase();
  const event = (type: LiveEventType, n: number) => ({
    type,
    msgId: `types-${sale.ref}-${n}`,
    createTime: Date.now(),
    tiktokUserId: null,
    uniqueId: handle,
    nickname: handle,
    avatarUrl: null,
    comment: type === "chat" ? "bonsoir" : null,
    payload: { simulated: true },
  });
  await source.sendEvents([event("member", 1), event("chat", 2), event("like", 3), event("gift", 4)]);
  await page.goto(`/admin/lives/${sale.id}`);
  await expect(page.getByRole("heading", { name: sale.title, level: 1 })).toBeVisible();
  for (const label of ["Arrivée", "Commentaire", "J'aime", "Cadeau"]) {
    await expect(page.getByRole("cell", { name: label, exact: true })).toBeVisible();
  }
  for (const raw of ["chat", "member", "like", "gift"]) {
    await expect(page.getByRole("cell", { name: raw, exact: true })).toHaveCount(0);
  }
});

liveTest(
  "a viewer added from the live shows 'Pas encore de compte', never a placeholder e-mail",
  async ({ adminPage: page, sale }) => {
    const found = await page.request.get(`/api/admin/live-sidebar/products?liveId=${sale.id}&ref=1`);
    const { products } = (await found.json()) as { products: { id: string; ref: number }[] };
    const product = products.find((candidate) => candidate.ref === 1);
    expect(product).toBeDefined();
    const handle = uniqueHandle("sanscompte").toLowerCase();
    const added = await page.request.post("/api/admin/live-sidebar/add", {
      headers: { origin: E2E_BASE_URL },
      data: { liveId: sale.id, productId: product?.id, handle },
    });
    expect(added.ok()).toBe(true);
    const { order, userCreated } = (await added.json()) as { order: { id: string }; userCreated: boolean };
    expect(userCreated).toBe(true);

    await page.goto(`/admin/orders/${order.id}`);
    await expect(page.getByText(`@${handle}`).first()).toBeVisible();
    await expect(page.getByText("Pas encore de compte")).toBeVisible();
    await expect(page.getByText(/viewers\.vitrine\.invalid/)).toHaveCount(0);

    // The users list says the same of that viewer.
    await page.goto("/admin/users");
    await page.getByLabel("Rechercher un utilisateur").fill(handle);
    const row = page.getByRole("row").filter({ hasText: handle });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Pas encore de compte");
    await expect(page.getByText(/viewers\.vitrine\.invalid/)).toHaveCount(0);
  },
);
