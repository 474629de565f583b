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

test("active pages are published at /p/{code}: in the footer when marked so, the winter page on the landing", async ({
  adminPage: page,
  browser,
}) => {
  test.setTimeout(60_000);
  interface Listed {
    id: string;
    code: string;
  }
  const listed = async () =>
    ((await (await page.request.get("/api/admin/pages")).json()) as { pages: Listed[] }).pages;
  for (const old of (await listed()).filter((entry) => entry.code === "page-hiver")) {
    await page.request.delete(`/api/admin/pages/${old.id}`);
  }
  const winter = { title: "Collection hiver", code: "page-hiver", content: "<p>Manteaux et pulls</p>" };
  expect(
    (await page.request.post("/api/admin/pages", { data: { ...winter, isActive: true } })).status(),
  ).toBe(201);

  const code = `livraison-${Date.now().toString(36)}`;
  const title = `Livraison ${Date.now().toString(36)}`;
  await page.goto("/admin/pages");
  await page.getByRole("button", { name: "Nouvelle page" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle page" });
  await dialog.getByRole("textbox", { name: "Titre" }).fill(title);
  await dialog.getByLabel("Code").fill(code);
  await dialog.getByLabel("Contenu").fill("Expédition sous 48 h.");
  await dialog.getByLabel("Lien dans le pied de page").check();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Page créée")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/");
  const banner = visitor.getByRole("complementary", { name: "À la une" });
  await banner.getByRole("link", { name: "Collection hiver" }).click();
  await expect(visitor).toHaveURL(/\/p\/page-hiver$/);
  await expect(visitor.getByRole("heading", { name: "Collection hiver", level: 1 })).toBeVisible();
  await expect(visitor.getByText("Manteaux et pulls")).toBeVisible();

  const footer = visitor.getByRole("navigation", { name: "Liens du site" });
  await expect(footer.getByRole("link", { name: "Collection hiver" })).toHaveCount(0);
  await footer.getByRole("link", { name: title }).click();
  await expect(visitor).toHaveURL(new RegExp(`/p/${code}$`));
  await expect(visitor.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(visitor.getByText("Expédition sous 48 h.")).toBeVisible();

  // Inactive, the winter page is neither published nor announced.
  const winterRow = (await listed()).find((entry) => entry.code === "page-hiver");
  expect(
    (
      await page.request.put(`/api/admin/pages/${winterRow?.id}`, { data: { ...winter, isActive: false } })
    ).status(),
  ).toBe(200);
  await visitor.goto("/p/page-hiver");
  await expect(visitor.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  await visitor.goto("/");
  await expect(visitor.getByRole("heading", { name: "Bienvenue sur Vitrine" })).toBeVisible();
  // The footer's link comes with the same list: once it shows, the banner would have too.
  await expect(footer.getByRole("link", { name: title })).toBeVisible();
  await expect(visitor.getByRole("complementary", { name: "À la une" })).toHaveCount(0);
  await visitor.close();

  for (const created of (await listed()).filter((entry) => [code, "page-hiver"].includes(entry.code))) {
    await page.request.delete(`/api/admin/pages/${created.id}`);
  }
});
