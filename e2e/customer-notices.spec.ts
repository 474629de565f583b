import { expect, type Page } from "@playwright/test";
import { NOTICE_BATCH_SECONDS } from "@vitrine/domain";
import { asc, eq } from "drizzle-orm";
import { connectDatabase } from "../apps/server/src/db/client";
import { liveClaims } from "../apps/server/src/db/schema";
import { liveTest } from "./support/live-sale-test";
import { viewerComments, type LiveSale } from "./support/live-selling";
import { mailsTo, type SunkMail } from "./support/mail-sink";
import { appDataAccess, E2E_BASE_URL } from "./support/server";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";

/** The live's claims given at once, with a hold of an hour unless said, as the live page sets them. */
async function automaticLive(page: Page, sale: LiveSale, holdSeconds = 3600) {
  const response = await page.request.put(`/api/admin/lives/${sale.id}/claims/settings`, {
    headers: { origin: E2E_BASE_URL },
    data: { mode: "automatique", holdSeconds },
  });
  expect(response.ok()).toBe(true);
}

/** The states of the live's claims, in receive order, as the database holds them. */
async function claimStates(sale: LiveSale): Promise<string[]> {
  const { db, close } = connectDatabase(appDataAccess().databaseUrl, 1);
  try {
    const rows = await db
      .select({ state: liveClaims.state })
      .from(liveClaims)
      .where(eq(liveClaims.liveId, sale.id))
      .orderBy(asc(liveClaims.seq));
    return rows.map((row) => row.state);
  } finally {
    await close();
  }
}

/** The first mail of that subject to `email`: the notices wait a few seconds to come together. */
async function mailOf(email: string, subject: string): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(() => (found = mailsTo(email).find((mail) => mail.subject === subject)) !== undefined, {
      timeout: 30_000,
    })
    .toBe(true);
  if (!found) throw new Error(`no mail « ${subject} » to ${email}`);
  return found;
}

liveTest(
  "a customer who claims a piece in a live is mailed 'Réservé pour vous', whose button opens her order",
  async ({ adminPage, customer, customerPage: page, sale }) => {
    await automaticLive(adminPage, sale);
    await viewerComments(sale, customer.handle, "je prends le 2");

    const mail = await mailOf(customer.email, "Réservé pour vous");
    await page.setContent(mail.html);
    await expect(page).toHaveTitle("Réservé pour vous");
    await expect(page.getByText(`n°2 · Robe ${sale.ref} n°2 · 40,00`)).toBeVisible();
    await expect(page.getByText(/^Réservé pour vous jusqu'au \S+ \d+ \S+ à \d\d:\d\d\.$/)).toBeVisible();
    const link = page.getByRole("link", { name: "Voir ma commande" });
    await expect(link).toHaveAttribute("href", new RegExp(`^${E2E_BASE_URL}/customer/order/`));
    // A page set from a string has no origin to navigate from: go where the link points.
    await page.goto((await link.getAttribute("href")) ?? "");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(`Robe ${sale.ref} n°2`)).toBeVisible();
    expect(mailsTo(customer.email).filter((sent) => sent.subject === "Réservé pour vous")).toHaveLength(1);
  },
);

liveTest(
  "a hold that ends is 'Réservation expirée' for its holder and \"C'est à vous !\" for the next one, each by mail",
  async ({ adminPage, customer, createCustomer, sale }) => {
    const next = await createCustomer();
    // Longer than the notices' batch window: a piece given and taken back within one window is
    // no news at all (neither 'Réservé pour vous' nor 'Réservation expirée').
    await automaticLive(adminPage, sale, NOTICE_BATCH_SECONDS + 3);
    await viewerComments(sale, customer.handle, "je prends le 3");
    await viewerComments(sale, next.handle, "je prends le 3 aussi");
    // The next holder's own hold starts when she is given the piece: a long one, to be told of it.
    await expect.poll(() => claimStates(sale)).toEqual(["in-order", "waitlisted"]);
    await automaticLive(adminPage, sale, 3600);

    const expired = await mailOf(customer.email, "Réservation expirée");
    expect(expired.text).toContain(`n°3 · Robe ${sale.ref} n°3`);
    const handedOver = await mailOf(next.email, "C'est à vous !");
    expect(handedOver.text).toContain(`n°3 · Robe ${sale.ref} n°3`);
    expect(handedOver.text).toMatch(/Voir ma commande : http:\/\/localhost:\d+\/customer\/order\//);
    expect(mailsTo(customer.email).filter((mail) => mail.subject === "C'est à vous !")).toEqual([]);
  },
);

test("the profile's 'Notifications' section says what this device allows", async ({ customerPage: page }) => {
  await page.goto("/customer/profile");
  await expect(page.getByRole("heading", { name: "Notifications", level: 2 })).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Notifications désactivées sur cet appareil" }),
  ).toBeVisible();
  await page.context().grantPermissions(["notifications"], { origin: E2E_BASE_URL });
  await page.getByRole("button", { name: "Activer les notifications" }).click();
  // Headless Chromium has no push service to subscribe with (Google's is out of reach here): the
  // customer is told in French, and the section still says notifications are off.
  await expect(page.getByText("Impossible d'activer les notifications")).toBeVisible();
  await expect(
    page.getByRole("status").filter({ hasText: "Notifications désactivées sur cet appareil" }),
  ).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
