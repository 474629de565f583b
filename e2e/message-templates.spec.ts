import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";
import { openLatestMail, uniqueEmail } from "./support/mail";

test("an admin writes the 'to pay' template and sends herself a test", async ({ adminPage: page }) => {
  const subject = `Votre commande est à régler (${Date.now()})`;
  const recipient = uniqueEmail("test-template");
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Templates messages" })
    .click();
  await expect(page.getByRole("heading", { name: "Templates messages", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Nouveau template" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau template" });
  await dialog.getByLabel("Type").selectOption({ label: "À payer" });
  await dialog.getByRole("textbox", { name: "Titre" }).fill(subject);
  await dialog
    .getByLabel("Message")
    .fill("Bonjour, votre commande vous attend : merci de la régler sous 48 h.");
  await expect(dialog.getByRole("button", { name: "Envoyer un test" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Template créé")).toBeVisible();
  const row = page.getByRole("row", { name: /À payer/ });
  await expect(row).toContainText(subject);

  // One template per type: 'À payer' is no longer offered.
  await page.getByRole("button", { name: "Nouveau template" }).click();
  const second = page.getByRole("dialog", { name: "Nouveau template" });
  await expect(second.getByLabel("Type").locator("option", { hasText: "À payer" })).toHaveCount(0);
  await expect(second.getByLabel("Type").locator("option", { hasText: "Payée" })).toHaveCount(1);
  await second.getByRole("button", { name: "Annuler" }).click();

  await row.getByRole("button", { name: "Modifier" }).click();
  const edition = page.getByRole("dialog", { name: "Modifier le template" });
  await expect(edition.getByLabel("Type")).toBeDisabled();
  await expect(edition.getByLabel("Type")).toHaveValue("to-pay");
  await edition.getByLabel("Email de test").fill("pas-une-adresse");
  await edition.getByRole("button", { name: "Envoyer un test" }).click();
  await expect(edition.getByText("Veuillez saisir une adresse email valide")).toBeVisible();
  await edition.getByLabel("Email de test").fill(recipient);
  await edition.getByRole("button", { name: "Envoyer un test" }).click();
  await expect(page.getByText(`Email de test envoyé à ${recipient}`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await openLatestMail(page, recipient);
  await expect(page).toHaveTitle(subject);
  await expect(page.getByText("merci de la régler sous 48 h")).toBeVisible();
});
