import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";

test("an admin replaces the legal notice and the public site shows the new page", async ({
  adminPage: page,
  browser,
}) => {
  const marker = `Hébergeur : Vitrine Cloud ${Date.now()}`;
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto("/admin/pages");
  await expect(page.getByRole("heading", { name: "Pages", level: 1 })).toBeVisible();
  const legalRow = page.getByRole("row", { name: /mentions-legales/ });
  await expect(legalRow).toContainText("Mentions légales");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  // A second page with a code already online is refused, whichever way it is typed.
  await page.getByRole("button", { name: "Nouvelle page" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle page" });
  await dialog.getByRole("textbox", { name: "Titre" }).fill("Mentions légales");
  await dialog.getByLabel("Code").fill("Mentions Legales");
  await expect(dialog.getByLabel("Code")).toHaveValue("Mentions-Legales");
  await dialog.getByLabel("Contenu").fill(marker);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Le code doit être un slug valide (ex: ma-page-exemple)")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel("Code").fill("mentions legales");
  await expect(dialog.getByLabel("Code")).toHaveValue("mentions-legales");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Une page active avec ce code existe déjà")).toBeVisible();
  await dialog.getByLabel("Page active").uncheck();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Ce code de page existe déjà")).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();

  // Deleted, the page leaves the public site...
  await legalRow.getByRole("button", { name: "Supprimer" }).click();
  await page
    .getByRole("alertdialog", { name: "Supprimer cette page ?" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(page.getByText("Page supprimée")).toBeVisible();
  const visitor = await browser.newPage();
  await visitor.goto("/mentions-legales");
  await expect(visitor.getByRole("heading", { name: "Page introuvable" })).toBeVisible();

  // ...and the one created in its place is what visitors read.
  await page.goto("/admin/pages");
  await page.getByRole("button", { name: "Nouvelle page" }).click();
  const creation = page.getByRole("dialog", { name: "Nouvelle page" });
  await creation.getByRole("textbox", { name: "Titre" }).fill("Mentions légales");
  await creation.getByLabel("Code").fill("mentions legales");
  await expect(creation.getByLabel("Page active")).toBeChecked();
  await creation.getByLabel("Contenu").fill(marker);
  await creation.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Page créée")).toBeVisible();
  await expect(page.getByRole("row", { name: /mentions-legales/ })).toContainText("Active");

  await page
    .getByRole("row", { name: /mentions-legales/ })
    .getByRole("button", { name: "Modifier" })
    .click();
  const edition = page.getByRole("dialog", { name: "Modifier la page" });
  await expect(edition.getByLabel("Code")).toHaveValue("mentions-legales");
  await expect(edition.getByLabel("Code")).not.toBeEditable();
  await edition.getByRole("button", { name: "Annuler" }).click();

  await visitor.goto("/");
  await visitor.getByRole("contentinfo").getByRole("link", { name: "Mentions légales" }).click();
  await expect(visitor.getByRole("heading", { name: "Mentions légales", level: 1 })).toBeVisible();
  await expect(visitor.getByText(marker)).toBeVisible();
  await visitor.close();
});

test("the pages table searches by title or code and keeps the search in the URL", async ({
  adminPage: page,
}) => {
  await page.goto("/admin/pages");
  await page.getByLabel("Rechercher une page").fill("cgv");
  await expect(page).toHaveURL(/recherche=cgv/);
  await expect(page.getByRole("row", { name: /Conditions générales de vente/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /mentions-legales/ })).toBeHidden();
  await page.reload();
  await expect(page.getByLabel("Rechercher une page")).toHaveValue("cgv");
});
