import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";

/** The titles of the back office's FAQ table, top to bottom. */
async function adminTitles(page: Page): Promise<string[]> {
  const rows = page
    .getByRole("table", { name: /Questions fréquentes/ })
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
  const titles: string[] = [];
  for (let index = 0; index < (await rows.count()); index++) {
    titles.push(await rows.nth(index).getByRole("cell").nth(1).innerText());
  }
  return titles;
}

/** Where each text first appears on the page, to compare their order. */
async function positionsOf(page: Page, texts: string[]): Promise<number[]> {
  const content = await page.getByRole("main").innerText();
  return texts.map((text) => content.indexOf(text));
}

test("an admin adds a FAQ, moves it up, and the public FAQ follows the new order", async ({
  adminPage: page,
  browser,
}) => {
  const title = `Livrez-vous en Belgique ? ${Date.now()}`;
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "FAQs" })
    .click();
  await expect(page.getByRole("heading", { name: "FAQs", level: 1 })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Comment commander pendant un live ?" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const before = await adminTitles(page);
  const firstRow = page.getByRole("row", { name: new RegExp(before[0] ?? "") });
  await expect(firstRow.getByRole("button", { name: "Monter" })).toBeDisabled();

  await page.getByRole("button", { name: "Nouvelle FAQ" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle FAQ" });
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Veuillez remplir tous les champs").first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("textbox", { name: "Titre" }).fill(title);
  await dialog.getByLabel("Contenu").fill("Oui, en 3 à 5 jours ouvrés.");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("FAQ ajoutée")).toBeVisible();
  await expect(dialog).toBeHidden();

  const added = page.getByRole("row", { name: new RegExp(title.replace(/[?]/g, "\\?")) });
  await expect(added.getByRole("cell").first()).toHaveText(String(before.length + 1));
  await expect(added.getByRole("button", { name: "Descendre" })).toBeDisabled();

  await added.getByRole("button", { name: "Monter" }).click();
  await expect(added.getByRole("cell").first()).toHaveText(String(before.length));
  await expect.poll(() => adminTitles(page)).toEqual([...before.slice(0, -1), title, ...before.slice(-1)]);

  const visitor = await browser.newPage();
  await visitor.goto("/customer/faq");
  await expect(visitor.getByText(title)).toBeVisible();
  const [beforeNew, moved, last] = await positionsOf(visitor, [
    before.at(-2) ?? "",
    title,
    before.at(-1) ?? "",
  ]);
  expect(beforeNew).toBeGreaterThanOrEqual(0);
  expect(moved).toBeGreaterThan(beforeNew ?? 0);
  expect(last).toBeGreaterThan(moved ?? 0);
  await visitor.getByText(title).click();
  await expect(visitor.getByText("Oui, en 3 à 5 jours ouvrés.")).toBeVisible();
  await visitor.close();

  // Cleaning up through the screen: the deletion closes the gap it leaves.
  await page.goto("/admin/faqs");
  await page
    .getByRole("row", { name: new RegExp(title.replace(/[?]/g, "\\?")) })
    .getByRole("button", { name: "Supprimer" })
    .click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cette FAQ ?" });
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(page.getByText("FAQ supprimée")).toBeVisible();
  await expect.poll(() => adminTitles(page)).toEqual(before);
  await expect(
    page
      .getByRole("row", { name: new RegExp(before.at(-1) ?? "") })
      .getByRole("cell")
      .first(),
  ).toHaveText(String(before.length));
});

test("an admin edits a FAQ's answer in the rich editor", async ({ adminPage: page, browser }) => {
  await page.goto("/admin/faqs");
  await page
    .getByRole("row", { name: /Quels sont les délais de livraison/ })
    .getByRole("button", { name: "Modifier" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Modifier la FAQ" });
  await expect(dialog.getByRole("textbox", { name: "Titre" })).toHaveValue(
    "Quels sont les délais de livraison ?",
  );
  const content = dialog.getByLabel("Contenu");
  await content.click();
  await page.keyboard.press("End");
  await dialog.getByRole("button", { name: "Gras" }).click();
  await page.keyboard.type(" Suivi fourni.");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("FAQ modifiée")).toBeVisible();

  const visitor = await browser.newPage();
  await visitor.goto("/customer/faq");
  await visitor.getByText("Quels sont les délais de livraison ?").click();
  await expect(visitor.getByText("Suivi fourni.")).toBeVisible();
  await expect(visitor.getByText("Suivi fourni.")).toHaveJSProperty("tagName", "STRONG");
  await visitor.close();
});
