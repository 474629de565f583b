import { expect, type Page } from "@playwright/test";
import { handleProofMessages } from "@vitrine/domain";
import { eq } from "drizzle-orm";
import { connectDatabase } from "../apps/server/src/db/client";
import { users } from "../apps/server/src/db/schema";
import { seriousViolations } from "./support/accessibility";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { addLivePieces, viewerComments, type LiveSale } from "./support/live-selling";
import { appDataAccess, E2E_BASE_URL } from "./support/server";

/** Holds that expired unpaid, as the expiries of earlier lives left them. */
async function setUnpaidHolds(userId: string, count: number) {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    await db.update(users).set({ unpaidHolds: count }).where(eq(users.id, userId));
  } finally {
    await close();
  }
}

async function automaticMode(page: Page, sale: LiveSale) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode: "automatique", holdSeconds: null },
  });
  expect(response.ok()).toBe(true);
}

liveTest(
  "a customer reads her code on her profile, comments it during a live, and the profile says her handle is verified",
  async ({ customerPage: page, customer, sale }) => {
    await page.goto("/customer/profile");
    await expect(page.getByRole("heading", { name: "Preuve du pseudo TikTok" })).toBeVisible();
    const how = page.getByText(/^Pour prouver que ce pseudo est le vôtre, écrivez VT-/);
    await expect(how).toBeVisible();
    const code = /VT-[A-Z0-9]{5}/.exec((await how.textContent()) ?? "")?.[0] ?? "";
    expect(code).not.toBe("");
    // Large enough to copy from a phone, with a button that copies it.
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copier le code" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await viewerComments(sale, customer.handle, `coucou c'est moi ${code.toLowerCase()}`);

    // The page asks again by itself: no reload.
    await expect(page.getByRole("status").filter({ hasText: "Votre pseudo TikTok est vérifié" })).toBeVisible(
      {
        timeout: 15_000,
      },
    );
    await expect(page.getByText(code, { exact: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText("Pseudo TikTok vérifié")).toBeVisible();
  },
);

liveTest(
  "staff see 'non vérifié' beside an unproven handle in the users list, and a non-payer's claim in red in the sidebar",
  async ({ adminPage: page, createCustomer, sale }) => {
    const other = await createCustomer();
    await page.goto("/admin/users");
    await page.getByLabel("Rechercher un utilisateur").fill(other.email);
    const row = page
      .getByRole("table", { name: "Liste des utilisateurs" })
      .getByRole("row")
      .filter({ hasText: other.email });
    await expect(row).toContainText(`@${other.handle}`);
    await expect(row).toContainText("non vérifié");
    await expect(row).not.toContainText("expirées sans paiement");

    await setUnpaidHolds(other.id, 2);
    await page.goto(`/admin/users?recherche=${encodeURIComponent(other.email)}`);
    await expect(row).toContainText("2 expirées sans paiement");
    await automaticMode(page, sale);
    await openSidebar(page, sale);
    await viewerComments(sale, other.handle, "je prends le 1");
    const piece = page
      .getByRole("list", { name: "Pièces réservées" })
      .getByRole("listitem", { name: /^Réf 1 / });
    const reason = piece.getByText("2 réservations expirées sans paiement : à donner à la main");
    await expect(reason).toBeVisible();
    await expect(reason).toHaveCSS("color", "rgb(185, 28, 28)");
    await expect(piece).toContainText("non vérifié");
    await expect(piece).toContainText("2 expirées sans paiement");
    expect(await seriousViolations(page)).toEqual([]);
    // In automatic mode, still waiting for a click: staff give it.
    await piece.getByRole("button", { name: /^Donner/ }).click();
    await expect(piece).toContainText(`@${other.handle}`);
    await expect(reason).toHaveCount(0);
    await expect(piece).toContainText("Dans la commande n°");
  },
);

liveTest(
  "an unproven customer's live page shows her reserved piece and the code to comment; her order is hers to pay, not to change, until the handle is proven",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    await automaticMode(adminPage, sale);
    await addLivePieces(sale, [401]);
    await page.goto("/customer/live");
    await viewerComments(sale, customer.handle, "je prends le 401");
    const piece = page.getByRole("article", { name: `n°\u00a0401 Robe ${sale.ref} n°401` });
    await expect(piece).toContainText("Réservé");

    await expect(page.getByRole("heading", { name: "Preuve du pseudo TikTok" })).toBeVisible();
    await expect(page.getByText(handleProofMessages.commentOrdersNeedProof)).toBeVisible();
    const how = page.getByText(/^Pour prouver que ce pseudo est le vôtre, écrivez VT-/);
    await expect(how).toBeVisible();
    const code = /VT-[A-Z0-9]{5}/.exec((await how.textContent()) ?? "")?.[0] ?? "";
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Validating and paying are hers; 'Modifier' waits for the proof, and the page says so.
    await page.getByRole("link", { name: "Valider et payer ma commande" }).click();
    await expect(
      page.getByRole("button", { name: "Valider la commande et passer au paiement" }),
    ).toBeVisible();
    await expect(page.getByText(handleProofMessages.orderNeedsProof)).toBeVisible();
    await expect(page.getByText(code, { exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(0);

    // The page asks again by itself: once proven, the order reads as changeable, without a reload.
    await viewerComments(sale, customer.handle, code);
    await expect(page.getByRole("button", { name: "Modifier" })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(handleProofMessages.orderNeedsProof)).toHaveCount(0);
  },
);
