import { expect, type Page } from "@playwright/test";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { viewerComments, type LiveSale } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL, E2E_LIVE_SILENCE_SECONDS } from "./support/server";

const PHONE = { width: 390, height: 844 };
const banner = `Aucun commentaire reçu depuis ${E2E_LIVE_SILENCE_SECONDS} s : vérifiez le pont TikTok`;
// The server reads the live's health again every 3 s: the banner shows within the delay and that.
const bannerWithin = (E2E_LIVE_SILENCE_SECONDS + 3 + 4) * 1000;

/**
 * The bridge's side, driven through the ingestion API as it drives it: its state and health, a
 * comment, and the cut it reports once reconnected (20 s from 21:14:05, Paris time).
 */
async function bridgeReports(sale: LiveSale) {
  const bridge = createIngestClient({ url: E2E_BASE_URL, liveRef: sale.ref });
  const cutFrom = Date.UTC(2026, 10, 29, 20, 14, 5);
  await bridge.sendStatus("connected", { lastEventAt: Date.now(), reconnects: 2, duplicatesDropped: 5 });
  await bridge.sendGap({ from: cutFrom, to: cutFrom + 20_000, resent: 3 });
}

async function bannerComesAndGoes(page: Page, sale: LiveSale) {
  await openSidebar(page, sale);
  await bridgeReports(sale);
  await viewerComments(sale, uniqueHandle("silence").toLowerCase(), "bonjour");
  await expect(page.getByRole("list", { name: "Sources du live" })).toContainText(
    /TikTok : Connecté · Dernier événement il y a \d+ s · Reconnexions : 2 · Doublons écartés : 5/,
  );

  // The bridge goes silent: the server says so, and the sidebar shows it as an alert.
  const alert = page.getByRole("alert").filter({ hasText: banner });
  await expect(alert).toBeVisible({ timeout: bannerWithin });
  // Comments come back: the banner leaves.
  await viewerComments(sale, uniqueHandle("retour").toLowerCase(), "je prends le 2");
  await expect(alert).toBeHidden({ timeout: 7_000 });

  // The live's page: the same banner while silent, the source's health and its cuts.
  await page.goto(`/admin/lives/${sale.id}`);
  await expect(page.getByRole("heading", { name: sale.title, level: 1 })).toBeVisible();
  await expect(page.getByText("Coupures : 1")).toBeVisible();
  await expect(page.getByRole("list", { name: "Coupures" }).getByRole("listitem")).toHaveText([
    "Coupure de 20 s à 21:14:05 (3 événements renvoyés à la reconnexion)",
  ]);
  await expect(page.getByRole("alert").filter({ hasText: banner })).toBeVisible({ timeout: bannerWithin });
}

liveTest(
  "the silence banner appears when the bridge goes silent and leaves when comments come back; the live's page lists its cuts",
  async ({ adminPage: page, sale }) => {
    liveTest.setTimeout(90_000);
    await bannerComesAndGoes(page, sale);
  },
);

liveTest("the same on a 390 px phone", async ({ adminPage: page, sale }) => {
  liveTest.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await bannerComesAndGoes(page, sale);
});
