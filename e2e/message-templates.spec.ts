import { expect } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { test } from "./support/fixtures";
import { openLatestMail, uniqueEmail } from "./support/mail";

test("an admin rewrites the default 'to pay' template and sends herself a test", async ({
  adminPage: page,
}) => {
  const subject = `Votre commande est à régler (${Date.now()})`;
  const recipient = uniqueEmail("test-template");
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Templates messages" })
    .click();
  await expect(page.getByRole("heading", { name: "Templates messages", level: 1 })).toBeVisible();

  // A new shop has a French template for every status and every notice of a live claim: one per
  // type, so none is left to create.
  for (const status of ["À valider", "À payer", "Payée", "Expédiée", "Livrée", "Annulée par l'admin"])
    await expect(page.getByRole("row", { name: new RegExp(status) })).toHaveCount(1);
  for (const [label, title] of [
    ["Réservé pour vous", "Réservé pour vous"],
    ["Rappel avant la fin de la réservation", "Votre réservation se termine bientôt"],
    ["Réservation expirée", "Réservation expirée"],
    ["C'est à vous !", "C'est à vous !"],
  ] as const) {
    const notice = page.getByRole("row", { name: new RegExp(`^${label}`) });
    await expect(notice).toHaveCount(1);
    await expect(notice).toContainText(title);
  }
  await expect(page.getByRole("button", { name: "Nouveau template" })).toBeDisabled();
  const row = page.getByRole("row", { name: /À payer/ });
  await expect(row).toContainText("Votre commande vous attend");

  await row.getByRole("button", { name: "Modifier" }).click();
  const rewrite = page.getByRole("dialog", { name: "Modifier le template" });
  await rewrite.getByRole("textbox", { name: "Titre" }).fill(subject);
  await rewrite
    .getByLabel("Message")
    .fill("Bonjour, votre commande vous attend : merci de la régler sous 48 h.");
  await rewrite.getByRole("button", { name: "Enregistrer" }).click();
  await expect(rewrite).toBeHidden();
  await expect(row).toContainText(subject);

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
