import { expect, type Page } from "@playwright/test";
import { platformHandleMessages } from "@vitrine/domain";
import { createIngestClient } from "../scripts/live/ingest-client.mjs";
import { seriousViolations } from "./support/accessibility";
import { expectToast } from "./support/customer-area";
import { test } from "./support/fixtures";
import { liveTest } from "./support/live-sale-test";
import { addLivePieces, viewerComments, type LiveSale } from "./support/live-selling";
import { E2E_BASE_URL } from "./support/server";

async function automaticMode(page: Page, sale: LiveSale) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode: "automatique", holdSeconds: null },
  });
  expect(response.ok()).toBe(true);
}

/** A YouTube live chat message as the YouTube bridge sends it: the channel id, the name shown. */
async function youtubeComment(sale: LiveSale, channelId: string, displayName: string, comment: string) {
  const client = createIngestClient({ url: E2E_BASE_URL, liveRef: sale.ref });
  await client.sendEvents([
    {
      type: "chat",
      platform: "youtube",
      msgId: `yt-${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`,
      createTime: Date.now(),
      tiktokUserId: null,
      uniqueId: channelId,
      nickname: displayName,
      avatarUrl: null,
      comment,
      payload: { kind: "youtube#liveChatMessage" },
    },
  ]);
}

liveTest(
  "a customer names her YouTube account, proves it with a comment, and her TikTok and YouTube claims end in one order",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    await automaticMode(adminPage, sale);
    await addLivePieces(sale, [701, 702]);
    const displayName = `Léa YouTube ${sale.ref}`;
    const channelId = `UC${sale.ref}Lea`;

    await page.goto("/customer/profile");
    const section = page.getByRole("list", { name: "Mes comptes de live" });
    await expect(page.getByRole("heading", { name: "Mes comptes de live" })).toBeVisible();
    const youtube = section.getByRole("listitem").filter({ hasText: "YouTube" });
    await expect(youtube).toContainText(platformHandleMessages.none);

    // A blank name is refused in French, and nothing is saved.
    await youtube.getByRole("button", { name: "Ajouter un compte YouTube" }).click();
    await youtube.getByRole("button", { name: "Enregistrer" }).click();
    await expect(youtube.getByText(platformHandleMessages.nameRequired)).toBeVisible();
    await youtube.getByLabel("Votre nom sur YouTube").fill(`  @${displayName} `);
    await youtube.getByRole("button", { name: "Enregistrer" }).click();
    await expectToast(page, platformHandleMessages.saved);
    await expect(youtube).toContainText(displayName);
    const waiting = youtube.getByText(/^À vérifier : commentez VT-[A-Z0-9]{5} pendant un live YouTube$/);
    await expect(waiting).toBeVisible();
    const code = /VT-[A-Z0-9]{5}/.exec((await waiting.textContent()) ?? "")?.[0] ?? "";
    expect(code).not.toBe("");
    expect(await seriousViolations(page)).toEqual([]);

    // Her comment on YouTube carries the code: the page asks again by itself.
    await youtubeComment(sale, channelId, displayName, `coucou ${code}`);
    await expect(youtube.getByText(platformHandleMessages.verified, { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(waiting).toHaveCount(0);

    // One claim from TikTok, one from YouTube: one order of the live.
    await viewerComments(sale, customer.handle, "je prends le 701");
    await youtubeComment(sale, channelId, displayName, "je prends le 702");
    await page.goto("/customer/orders");
    await expect(page.getByRole("heading", { level: 1, name: "Mes commandes" })).toBeVisible();
    const order = page.getByRole("article").filter({ hasText: `Robe ${sale.ref} n°701` });
    await expect(async () => {
      await page.reload();
      await expect(order.getByText(`Robe ${sale.ref} n°702`)).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole("article")).toHaveCount(1);
  },
);

test("a customer renames and deletes a live account, confirming the deletion", async ({
  customerPage: page,
}) => {
  await page.goto("/customer/profile");
  const facebook = page
    .getByRole("list", { name: "Mes comptes de live" })
    .getByRole("listitem")
    .filter({ hasText: "Facebook" });
  await facebook.getByRole("button", { name: "Ajouter un compte Facebook" }).click();
  await facebook.getByLabel("Votre nom sur Facebook").fill("Léa Martin");
  await facebook.getByRole("button", { name: "Enregistrer" }).click();
  await expect(facebook).toContainText("Léa Martin");

  await facebook.getByRole("button", { name: "Modifier le compte Facebook" }).click();
  await facebook.getByLabel("Votre nom sur Facebook").fill("Léa M.");
  await facebook.getByRole("button", { name: "Enregistrer" }).click();
  await expect(facebook).toContainText("Léa M.");

  await facebook.getByRole("button", { name: "Supprimer le compte Facebook" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Supprimer le compte Facebook" });
  await expect(dialog).toContainText(platformHandleMessages.confirmDelete("facebook"));
  await dialog.getByRole("button", { name: "Supprimer" }).click();
  await expectToast(page, platformHandleMessages.deleted);
  await expect(facebook).toContainText(platformHandleMessages.none);
  await page.reload();
  await expect(
    page
      .getByRole("list", { name: "Mes comptes de live" })
      .getByRole("listitem")
      .filter({ hasText: "Facebook" }),
  ).toContainText(platformHandleMessages.none);
});

/** The users page's row of one person, found by e-mail (the list is searched in the page). */
async function userRow(page: Page, email: string) {
  const search = page.getByLabel("Rechercher un utilisateur");
  if (!(await search.isVisible())) await page.goto("/admin/users");
  await search.fill(email);
  // Every customer of the e2e database is listed: the first read may take a while.
  await expect(page.getByRole("heading", { name: "Liste des utilisateurs (1)" })).toBeVisible({
    timeout: 20_000,
  });
  return page
    .getByRole("table", { name: "Liste des utilisateurs" })
    .getByRole("row")
    .filter({ hasText: email });
}

test("staff link a Facebook viewer to a customer, are refused the same viewer for another, and unlink it, each step in the audit log", async ({
  adminPage: page,
  createCustomer,
}) => {
  const lea = await createCustomer();
  const other = await createCustomer();
  const author = `1029${Date.now()}`;

  await (await userRow(page, lea.email)).getByRole("button", { name: "Comptes de live" }).click();
  let dialog = page.getByRole("dialog", { name: /^Comptes de live de / });
  await expect(dialog).toContainText(platformHandleMessages.none);
  await dialog.getByLabel("Plateforme").selectOption({ label: "Facebook" });
  await dialog.getByLabel("Viewer").fill(author);
  await dialog.getByRole("button", { name: "Lier" }).click();
  // The toasts sit outside the modal dialog, which hides the rest of the page from the tree.
  await expect(page.getByText(platformHandleMessages.linked, { exact: true })).toBeVisible();
  const linked = dialog.getByRole("list", { name: "Comptes de live" }).getByRole("listitem");
  await expect(linked).toContainText(`Facebook · ${author}`);
  await expect(linked).toContainText(`facebook:${author} · lié par l'équipe`);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Fermer" }).click();

  await (await userRow(page, other.email)).getByRole("button", { name: "Comptes de live" }).click();
  dialog = page.getByRole("dialog", { name: /^Comptes de live de / });
  await dialog.getByLabel("Plateforme").selectOption({ label: "Facebook" });
  await dialog.getByLabel("Viewer").fill(`facebook:${author}`);
  await dialog.getByRole("button", { name: "Lier" }).click();
  await expect(
    dialog.getByRole("alert").filter({ hasText: platformHandleMessages.viewerTaken }),
  ).toBeVisible();
  await expect(dialog).toContainText(platformHandleMessages.none);
  await dialog.getByRole("button", { name: "Fermer" }).click();

  await (await userRow(page, lea.email)).getByRole("button", { name: "Comptes de live" }).click();
  dialog = page.getByRole("dialog", { name: /^Comptes de live de / });
  await dialog.getByRole("button", { name: "Délier le compte Facebook" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Délier le compte de live" });
  await expect(confirm).toContainText(platformHandleMessages.confirmUnlink("facebook", `facebook:${author}`));
  await confirm.getByRole("button", { name: "Délier" }).click();
  await expect(page.getByText(platformHandleMessages.unlinked, { exact: true })).toBeVisible();
  await expect(dialog).toContainText(platformHandleMessages.none);
  await dialog.getByRole("button", { name: "Fermer" }).click();

  await page.goto("/admin/audit-log");
  const log = page
    .getByRole("table", { name: "Journal d'audit" })
    .getByRole("row")
    .filter({ hasText: lea.email });
  await expect(log.first()).toContainText("Compte de live délié par l'équipe");
  await expect(log.nth(1)).toContainText("Compte de live lié par l'équipe");
});
