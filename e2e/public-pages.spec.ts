import { expect, test } from "@playwright/test";

test("the landing page offers to create an account or to sign in", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Créer un compte/ })
    .click();
  await expect(page).toHaveURL(/\/signup$/);
  await page.goto("/");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Se connecter/ })
    .click();
  await expect(page).toHaveURL(/\/login$/);
});

test("an error code in the hash shows the expired-link banner, then the hash is cleared", async ({
  page,
}) => {
  await page.goto("/#error=access_denied&error_code=otp_expired");
  await expect(page.getByRole("alert")).toContainText(
    "Une erreur est survenue lors de la connexion. Le lien est expiré",
  );
  expect(new URL(page.url()).hash).toBe("");
});

test("legal pages come from the database and the footer links to them", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()}`);
  await footer.getByRole("link", { name: "CGV" }).click();
  await expect(page.getByRole("heading", { name: "Conditions générales de vente" })).toBeVisible();
  await expect(page.getByText("Le minimum de commande est de 15 € HT")).toBeVisible();
  await footer.getByRole("link", { name: "Mentions légales" }).click();
  await expect(page.getByRole("heading", { name: "Mentions légales", level: 1 })).toBeVisible();
  await footer.getByRole("link", { name: "Contact" }).click();
  await expect(page.getByRole("link", { name: "contact@vitrine.local" })).toBeVisible();
});

test("the FAQ lists its questions in order and opens an answer", async ({ page }) => {
  await page.goto("/customer/faq");
  await expect(page.getByText("Comment commander pendant un live ?")).toBeVisible();
  await page.getByText("Comment payer ma commande ?").click();
  await expect(page.getByText("validez votre adresse de livraison")).toBeVisible();
});

test("an unknown path shows the not-found page", async ({ page }) => {
  await page.goto("/cette-page-n-existe-pas");
  await expect(page.getByRole("heading", { name: "Page introuvable" })).toBeVisible();
  await expect(
    page.getByText("La page que vous cherchez n'existe pas ou a été déplacée. Vérifiez l'adresse saisie."),
  ).toBeVisible();
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the layout holds at 768 px", async ({ page }) => {
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto("/signup");
  await expect(page.getByRole("button", { name: "Créer mon compte" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("a page whose code cannot be downloaded shows the error page, and going back works again", async ({
  page,
}) => {
  await page.route(/\/assets\/signup-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto("/");
  await page
    .getByRole("main")
    .getByRole("link", { name: /Créer un compte/ })
    .click();
  await expect(page.getByRole("heading", { name: "Une erreur inattendue est survenue" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("main").getByRole("link", { name: /Créer un compte/ })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Une erreur inattendue est survenue" })).toHaveCount(0);
});
