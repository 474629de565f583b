import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { uniqueName } from "./support/catalogue";
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

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const rowOf = (page: Page, title: string) => page.getByRole("row", { name: new RegExp(escaped(title)) });
/** The number the table shows in a FAQ's first column: its place in the order. */
async function placeOf(page: Page, title: string): Promise<number> {
  return Number(await rowOf(page, title).getByRole("cell").first().innerText());
}

/** A FAQ of the journey's own, made through the API with the admin page's session. */
async function createFaqThroughApi(page: Page, title: string, content: string): Promise<string> {
  const response = await page.request.post("/api/admin/faqs", { data: { title, content } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { faq: { id: string } }).faq.id;
}

/** Removes what a journey made, whatever happened to it (already deleted by the screen: fine). */
async function deleteFaqs(page: Page, tag: string) {
  const response = await page.request.get("/api/admin/faqs");
  const { faqs } = (await response.json()) as { faqs: { id: string; title: string }[] };
  for (const faq of faqs.filter((candidate) => candidate.title.includes(tag))) {
    await page.request.delete(`/api/admin/faqs/${faq.id}`);
  }
}

test("an admin adds a FAQ, moves it up, and the public FAQ follows the new order", async ({
  adminPage: page,
  browser,
}) => {
  // The journey's own FAQs, told from any other by their tag; the seeded ones are left alone.
  const tag = uniqueName("parcours");
  const earlier = `Livrez-vous en Suisse ? ${tag}`;
  const title = `Livrez-vous en Belgique ? ${tag}`;
  const ours = async () => (await adminTitles(page)).filter((text) => text.includes(tag));
  await createFaqThroughApi(page, earlier, "<p>Oui, en une semaine.</p>");
  try {
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Menu d'administration" })
      .getByRole("link", { name: "FAQs" })
      .click();
    await expect(page.getByRole("heading", { name: "FAQs", level: 1 })).toBeVisible();
    await expect(page.getByRole("cell", { name: earlier })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    expect(await ours()).toEqual([earlier]);
    const place = await placeOf(page, earlier);
    const firstRow = page
      .getByRole("row")
      .filter({ has: page.getByRole("cell", { name: "1", exact: true }) });
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

    // Added last, right after ours.
    const added = rowOf(page, title);
    await expect(added.getByRole("cell").first()).toHaveText(String(place + 1));
    await expect(added.getByRole("button", { name: "Descendre" })).toBeDisabled();
    expect(await ours()).toEqual([earlier, title]);

    await added.getByRole("button", { name: "Monter" }).click();
    await expect(added.getByRole("cell").first()).toHaveText(String(place));
    await expect(rowOf(page, earlier).getByRole("cell").first()).toHaveText(String(place + 1));
    await expect.poll(ours).toEqual([title, earlier]);

    const visitor = await browser.newPage();
    await visitor.goto("/customer/faq");
    await expect(visitor.getByText(title)).toBeVisible();
    await expect(visitor.getByText(earlier)).toBeVisible();
    const [moved, after] = await positionsOf(visitor, [title, earlier]);
    expect(moved).toBeLessThan(after ?? 0);
    await visitor.getByText(title).click();
    await expect(visitor.getByText("Oui, en 3 à 5 jours ouvrés.")).toBeVisible();
    await visitor.close();

    // Deleted through the screen: the deletion closes the gap it leaves.
    await page.goto("/admin/faqs");
    await rowOf(page, title).getByRole("button", { name: "Supprimer" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Supprimer cette FAQ ?" });
    await confirm.getByRole("button", { name: "Supprimer" }).click();
    await expect(page.getByText("FAQ supprimée")).toBeVisible();
    await expect.poll(ours).toEqual([earlier]);
    await expect(rowOf(page, earlier).getByRole("cell").first()).toHaveText(String(place));
  } finally {
    await deleteFaqs(page, tag);
  }
});

test("an admin edits a FAQ's answer in the rich editor", async ({ adminPage: page, browser }) => {
  const tag = uniqueName("parcours");
  const title = `Quels sont les délais de livraison en Corse ? ${tag}`;
  await createFaqThroughApi(page, title, "<p>Comptez une semaine.</p>");
  try {
    await page.goto("/admin/faqs");
    await rowOf(page, title).getByRole("button", { name: "Modifier" }).click();
    const dialog = page.getByRole("dialog", { name: "Modifier la FAQ" });
    await expect(dialog.getByRole("textbox", { name: "Titre" })).toHaveValue(title);
    const content = dialog.getByLabel("Contenu");
    await content.click();
    await page.keyboard.press("End");
    await dialog.getByRole("button", { name: "Gras" }).click();
    await page.keyboard.type(" Suivi fourni.");
    await dialog.getByRole("button", { name: "Enregistrer" }).click();
    await expect(page.getByText("FAQ modifiée")).toBeVisible();

    const visitor = await browser.newPage();
    await visitor.goto("/customer/faq");
    await visitor.getByText(title).click();
    await expect(visitor.getByText("Comptez une semaine.")).toBeVisible();
    await expect(visitor.getByText("Suivi fourni.")).toBeVisible();
    await expect(visitor.getByText("Suivi fourni.")).toHaveJSProperty("tagName", "STRONG");
    await visitor.close();
  } finally {
    await deleteFaqs(page, tag);
  }
});
