import { expect } from "@playwright/test";
import { labelFailureReasons } from "@vitrine/domain";
import { readFile } from "node:fs/promises";
import { PDFDocument } from "pdf-lib";
import { pdfPageTexts } from "../apps/server/test/support/label-pdf";
import { seriousViolations } from "./support/accessibility";
import { deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";

test("an admin prints a live's labels and pick list from the live's page, and reads why one parcel failed", async ({
  adminPage: page,
  createCustomer,
  createOrder,
}) => {
  test.setTimeout(90_000);
  const first = await createOrder(await createCustomer(), {
    status: "paid",
    shippingAddress: { ...deliveryAddress, first_name: "Zoé", last_name: "Lefèvre" },
    pieces: [{ name: "Blouse écrue", priceCents: 2500 }],
  });
  const refused = await createOrder(await createCustomer(), {
    liveId: first.liveId,
    status: "paid",
    shippingAddress: { ...deliveryAddress, zip: "00000" },
    pieces: [{ name: "Jean droit", priceCents: 3000 }],
  });
  const third = await createOrder(await createCustomer(), {
    liveId: first.liveId,
    status: "paid",
    shippingAddress: { ...deliveryAddress, first_name: "Hélène", last_name: "Brûlé" },
    pieces: [
      { name: "Robe à fleurs", priceCents: 4000 },
      { name: "Blouse écrue", priceCents: 2500 },
    ],
  });

  await page.goto(`/admin/lives/${first.liveId}`);
  await expect(page.getByRole("heading", { name: "Étiquettes du live" })).toBeVisible();
  await page.getByRole("button", { name: "Générer les étiquettes du live (3 colis prêts)" }).click();

  const progress = page.getByRole("progressbar", { name: "Génération des étiquettes" });
  await expect(progress).toHaveAttribute("aria-valuemax", "3");
  await expect(progress).toHaveAttribute("aria-valuenow", "3", { timeout: 30_000 });
  await expect(page.getByText("3 / 3")).toBeVisible();
  await expect(page.getByText("Étiquettes générées : 2 sur 3.")).toBeVisible();
  const failures = page.getByRole("region", { name: "Étiquettes en échec" });
  await expect(failures.getByRole("listitem")).toHaveCount(1);
  await expect(failures.getByRole("listitem")).toContainText(refused.orderNumber);
  await expect(failures.getByRole("listitem")).toContainText(labelFailureReasons.zipUnknown);
  await expect(failures.getByRole("button", { name: "Réessayer" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The batch is the server's: a reloaded page reads it back.
  await page.reload();
  await expect(page.getByRole("progressbar", { name: "Génération des étiquettes" })).toHaveAttribute(
    "aria-valuenow",
    "3",
  );
  await expect(page.getByRole("region", { name: "Étiquettes en échec" })).toContainText(refused.orderNumber);

  // The labels: one PDF, a page per label made.
  const labelsDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger les étiquettes (PDF)" }).click();
  const labels = await readFile((await (await labelsDownload).path()) ?? "");
  expect((await PDFDocument.load(labels)).getPageCount()).toBe(2);
  const labelTexts = await pdfPageTexts(labels);
  expect(labelTexts[0]).toContain(`Commande : ${first.orderNumber}`);
  expect(labelTexts[1]).toContain(`Commande : ${third.orderNumber}`);

  // The pick list: the two blouses under one heading, parcel by parcel; accents intact.
  const pickDownload = page.waitForEvent("download");
  await page.getByRole("link", { name: "Liste de préparation (PDF)" }).click();
  const pickList = await readFile((await (await pickDownload).path()) ?? "");
  const [text = ""] = await pdfPageTexts(pickList);
  expect(text).toContain("Liste de préparation");
  expect(text).toContain("Page 1 / 1");
  expect(text.split("Blouse écrue").length).toBe(2);
  const blouses = text.slice(text.indexOf("Blouse écrue"), text.indexOf("Jean droit"));
  expect(blouses).toContain("Zoé Lefèvre");
  expect(blouses).toContain("Hélène Brûlé");
  expect(blouses.indexOf(first.orderNumber)).toBeLessThan(blouses.indexOf(third.orderNumber));

  // The preparation board: the same panel once the live is chosen.
  await page.goto("/admin/orders-preparation");
  await page.getByLabel("Live", { exact: true }).selectOption({ value: first.liveId });
  await expect(page.getByText("Étiquettes générées : 2 sur 3.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Télécharger les étiquettes (PDF)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Liste de préparation (PDF)" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
