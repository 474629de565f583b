import { expect } from "@playwright/test";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { seriousViolations } from "./support/accessibility";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { uniqueHandle } from "./support/mail";
import { E2E_BASE_URL } from "./support/server";

/** A comment as each platform's bridge sends it, through the real ingestion API. */
function comment(
  platform: "tiktok" | "youtube" | "facebook",
  author: string,
  nickname: string,
  text: string,
) {
  return {
    type: "chat" as const,
    ...(platform === "tiktok" ? {} : { platform }),
    msgId: `${platform}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
    createTime: Date.now(),
    tiktokUserId: null,
    uniqueId: author,
    nickname,
    avatarUrl: null,
    comment: text,
    payload: { simulated: true },
  };
}

liveTest(
  "a live with three sources hears TikTok, YouTube and Facebook, marks each comment and claim with its platform, and splits its figures",
  async ({ adminPage: page, sale }) => {
    liveTest.setTimeout(90_000);
    const automatic = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
      data: { mode: "automatique", holdSeconds: 3600 },
    });
    expect(automatic.ok()).toBe(true);

    // Staff give the live its three sources; the YouTube address is kept as its video id.
    await page.goto(`/admin/lives/${sale.id}`);
    await expect(page.getByRole("heading", { name: sale.title, level: 1 })).toBeVisible();
    await page.getByLabel("Compte TikTok").fill("@MaBoutique");
    await page.getByLabel("Vidéo YouTube").fill("https://www.youtube.com/watch?v=dQw4w9WgXcQ");
    await page.getByLabel("Vidéo live Facebook").fill("10158234567890123");
    await page.getByLabel("Compte Instagram").fill("compte instagram");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    // A bad value is refused in French, next to its field.
    await expect(page.getByLabel("Compte Instagram")).toHaveAccessibleDescription(
      /ne doit contenir que des chiffres/,
    );
    await page.getByLabel("Compte Instagram").fill("");
    await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
    const sources = page.getByRole("list", { name: "Sources renseignées" });
    await expect(sources.getByRole("listitem")).toHaveText([
      /TikTok.*@maboutique/,
      /YouTube.*dQw4w9WgXcQ/,
      /Facebook.*10158234567890123/,
    ]);

    // One comment from each platform, each claiming a piece.
    const lea = uniqueHandle("lea").toLowerCase();
    const source = createIngestClient({ url: E2E_BASE_URL, liveRef: sale.ref });
    await source.sendEvents([
      comment("tiktok", lea, "Léa", "je prends le 1"),
      comment("youtube", "UCx9AbCdEfGhIjKlMnOpQrSt", "Chloé Martin", "je prends le 2"),
      comment("facebook", "1029384756", "Paul Durand", "je prends le 3"),
    ]);

    await openSidebar(page, sale);
    const comments = page.getByRole("list", { name: "Commentaires" });
    const byName = (name: string) => comments.getByRole("listitem").filter({ hasText: name });
    await expect(byName(`@${lea}`).getByText("TikTok", { exact: true })).toBeVisible();
    await expect(byName("Chloé Martin").getByText("YouTube", { exact: true })).toBeVisible();
    await expect(byName("Paul Durand").getByText("Facebook", { exact: true })).toBeVisible();
    // Another platform's viewer is named, never shown by their author id.
    await expect(comments).not.toContainText("youtube:");
    await expect(comments).not.toContainText("ucx9abcdefghijklmnopqrst");

    // Each claim names its viewer with their platform.
    const claims = page.getByRole("region", { name: "Réservations" });
    await expect(claims.getByText(`@${lea}`)).toBeVisible();
    await expect(claims.getByText("Chloé Martin (YouTube)")).toBeVisible();
    await expect(claims.getByText("Paul Durand (Facebook)")).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // The live's page splits its comments, claims and revenue by platform.
    await page.goto(`/admin/lives/${sale.id}`);
    const figures = page.getByRole("group", { name: "Par plateforme" });
    await expect(figures.getByRole("columnheader")).toHaveText([
      "Plateforme",
      "Commentaires",
      "Réservations",
      "Chiffre d'affaires",
    ]);
    for (const platform of ["TikTok", "YouTube", "Facebook"]) {
      await expect(
        figures.getByRole("row", { name: new RegExp(`^${platform}`) }).getByRole("cell"),
      ).toHaveText(["1", "1", /0,00\s€/]);
    }
    expect(await seriousViolations(page)).toEqual([]);
  },
);
