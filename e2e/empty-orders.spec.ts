import { expect, type Page } from "@playwright/test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { connectDatabase } from "../apps/server/src/db/client";
import { orders } from "../apps/server/src/db/schema";
import { seriousViolations } from "./support/accessibility";
import { liveTest } from "./support/live-sale-test";
import { addLivePieces, viewerComments, type LiveSale } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";
import { appDataAccess, E2E_BASE_URL } from "./support/server";

const HOLD_SECONDS = 4;

async function putClaimSettings(page: Page, sale: LiveSale, holdSeconds: number) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode: "automatique", holdSeconds },
  });
  expect(response.ok()).toBe(true);
}

const cardOf = (page: Page, sale: LiveSale, ref: number) =>
  page.getByRole("article", { name: `n°\u00a0${ref} Robe ${sale.ref} n°${ref}` });

/** The live's orders that still wait to be validated or paid while holding no piece. */
async function payableEmptyOrders(sale: LiveSale) {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    return await db
      .select({ orderNumber: orders.orderNumber })
      .from(orders)
      .where(
        and(
          eq(orders.liveId, sale.id),
          inArray(orders.status, ["to-validate", "to-pay"]),
          sql`NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = ${orders.id})`,
        ),
      );
  } finally {
    await close();
  }
}

async function ordersOfLive(sale: LiveSale) {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    return await db.select({ status: orders.status }).from(orders).where(eq(orders.liveId, sale.id));
  } finally {
    await close();
  }
}

liveTest(
  "a live in automatic mode with holds of a few seconds ends with no payable empty order",
  async ({ adminPage, customerPage: page, customer, sale }) => {
    liveTest.setTimeout(60_000);
    await putClaimSettings(adminPage, sale, HOLD_SECONDS);
    await addLivePieces(sale, [311, 312, 313]);
    await page.goto("/customer/live");
    await expect(page.getByText("Aucune pièce pour l'instant")).toBeVisible();

    // The customer and two viewers claim; one viewer changes her mind at once.
    const [first, second] = [uniqueHandle("vide"), uniqueHandle("change")];
    await viewerComments(sale, customer.handle, "je prends le 311");
    await viewerComments(sale, first, "je prends le 312");
    await viewerComments(sale, second, "je prends le 313");
    await viewerComments(sale, second, "annule le 313");

    const pay = page.getByRole("link", { name: "Valider et payer ma commande" });
    await expect(cardOf(page, sale, 311)).toContainText("Réservé");
    await expect(pay).toBeVisible();

    // The hold ends unpaid: the piece goes, and with it the order, which nothing offers to pay.
    await expect(cardOf(page, sale, 311)).toContainText("Expiré", { timeout: 15_000 });
    await expect(pay).toHaveCount(0);

    await page.goto("/customer/orders");
    const emptied = page.getByRole("article").filter({ hasText: "Annulée : plus aucune pièce" });
    await expect(emptied).toHaveCount(1);
    await expect(emptied).toContainText("elle ne contient plus aucune pièce, il n'y a rien à régler");
    await expect(emptied.getByRole("link", { name: "Valider ma commande" })).toHaveCount(0);
    await expect(emptied.getByRole("link", { name: "Régler ma commande" })).toHaveCount(0);
    await emptied.getByRole("link", { name: "Voir ma commande" }).click();
    await expect(page.getByRole("heading", { name: /^Commande /, level: 1 })).toBeVisible();
    await expect(page.getByText("Annulée : plus aucune pièce")).toBeVisible();
    await expect(page.getByRole("button", { name: /Payer maintenant/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Valider mes informations" })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);

    // Every hold of the live has ended: no order of it waits to be validated or paid empty, and
    // each emptied one is cancelled.
    await expect
      .poll(
        async () => (await ordersOfLive(sale)).filter((order) => order.status === "cancelled-empty").length,
        {
          timeout: 15_000,
        },
      )
      .toBe(3);
    expect(await payableEmptyOrders(sale)).toEqual([]);
  },
);

liveTest(
  "staff set the shop's minimum order in 'Réglages', in French amounts, and take it away",
  async ({ adminPage: page }) => {
    await page.goto("/admin/settings");
    await expect(page.getByRole("heading", { name: "Réglages de la boutique", level: 1 })).toBeVisible();
    const minimum = page.getByLabel("Minimum de commande (€)");
    await expect(minimum).toHaveValue("");
    await expect(page.getByText("Aucun minimum")).toBeVisible();
    // Before any toast: one fading in is no part of the page to check.
    expect(await seriousViolations(page)).toEqual([]);
    const save = page.getByRole("button", { name: "Enregistrer les réglages" });

    await minimum.fill("vingt");
    await save.click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Le minimum de commande doit être un montant" }),
    ).toBeVisible();
    await expect(minimum).toHaveAttribute("aria-invalid", "true");

    try {
      await minimum.fill("25");
      await save.click();
      await expect(page.getByText("Réglages enregistrés")).toBeVisible();
      await expect(page.getByText("Actuellement : 25,00\u00a0€")).toBeVisible();
      await page.reload();
      await expect(minimum).toHaveValue("25,00");
    } finally {
      // The journeys share one shop: the minimum goes again.
      await minimum.fill("");
      await save.click();
      await expect(page.getByText("Aucun minimum")).toBeVisible();
    }
  },
);
