import { expect } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";
import { E2E_BASE_URL } from "./support/server";

test("export the orders page as CSV with its filters, and read it back with its accents and euros", async ({
  adminPage: page,
  createCustomer,
  createOrder,
}) => {
  const customer = await createCustomer();
  // The customer's name as staff type it on the users page.
  const renamed = await page.request.patch(`/api/admin/users/${customer.id}`, {
    headers: { origin: E2E_BASE_URL },
    data: { firstName: "Hélène", lastName: "Façon", tiktokUsername: customer.handle },
  });
  expect(renamed.ok(), await renamed.text()).toBe(true);
  const order = await createOrder(customer, {
    status: "paid",
    pieces: [{ name: "Écharpe", priceCents: 390 }],
  });

  // The list filtered on the order's live, as a shared link opens it.
  await page.goto(`/admin/orders?live=${order.liveId}`);
  await expect(page.getByRole("heading", { name: "Commandes", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: order.orderNumber, exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^commandes-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path()) ?? "");
  // UTF-8 with its BOM: French Excel reads the accents as they are.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf8").slice(1).split("\r\n");
  expect(lines[0]).toBe("Numéro;Date;Statut;Client;E-mail;Pseudo TikTok;Live;Total (€)");
  // Only the live's one order: the page's filter went with the file.
  expect(lines.filter(Boolean)).toHaveLength(2);
  const cells = lines[1]?.split(";");
  expect(cells?.[0]).toBe(order.orderNumber);
  expect(cells?.[2]).toBe("Payée");
  expect(cells?.[3]).toBe("Hélène Façon");
  expect(cells?.[4]).toBe(customer.email);
  expect(cells?.[7]).toBe("9,90");
});

test("a refused export is said in a toast, not saved as a file", async ({ adminPage: page }) => {
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "Gestion des utilisateurs", level: 1 })).toBeVisible();
  // The session ends meanwhile (signed out elsewhere): the server refuses the file.
  await page.context().clearCookies();
  await page.getByRole("button", { name: "Exporter (CSV)" }).click();
  await expect(page.getByText("Vous devez être connecté pour accéder à cette page.")).toBeVisible();
});

test("export a live's sales from its page: each piece, its buyer and what became of it", async ({
  adminPage: page,
  customer,
  createOrder,
}) => {
  const order = await createOrder(customer, {
    status: "paid",
    pieces: [{ name: "Robe brodée", priceCents: 2990, color: { name: "Écru e2e", hexCode: "#F3EFE0" } }],
  });
  await page.goto(`/admin/lives/${order.liveId}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The file's paid rows add up to the revenue every screen shows, and the page says so.
  await expect(
    page.getByText(/la somme des lignes « Vendu payé » est le chiffre d'affaires du live/),
  ).toBeVisible();
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exporter (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^ventes-e2e[a-z0-9]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = (await readFile((await download.path()) ?? "")).toString("utf8");
  expect(text.startsWith("\uFEFF")).toBe(true);
  const [header, first] = text.slice(1).split("\r\n");
  expect(header).toBe(
    "Référence;Article;Couleur;Taille;Prix (€);État;Pseudo TikTok;Acheteur;E-mail;Commande;Plateforme",
  );
  expect(first).toBe(
    `1;Robe brodée;Écru e2e;;29,90;Vendu payé;${customer.handle};;${customer.email};${order.orderNumber};TikTok`,
  );
});
