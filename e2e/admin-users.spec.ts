import { expect, type Page } from "@playwright/test";
import { ORDER_STATUSES } from "@vitrine/domain";

import { seriousViolations } from "./support/accessibility";
import { expectToast } from "./support/customer-area";
import { test } from "./support/fixtures";
import { openLatestMail, uniqueHandle } from "./support/mail";
import { DEMO_ADMIN } from "./support/server";

/** Opens /admin/users from the menu and finds one customer's row by searching their e-mail. */
async function openUserRow(page: Page, email: string) {
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Utilisateurs" })
    .click();
  await expect(page.getByRole("heading", { name: "Gestion des utilisateurs", level: 1 })).toBeVisible();
  await page.getByLabel("Rechercher un utilisateur").fill(email);
  await expect(page.getByRole("heading", { name: "Liste des utilisateurs (1)" })).toBeVisible();
  return page
    .getByRole("table", { name: "Liste des utilisateurs" })
    .getByRole("row")
    .filter({ hasText: email });
}

test("an admin edits a customer and reads her orders", async ({ adminPage: page, customer, createOrder }) => {
  await createOrder(customer, {
    status: "paid",
    pieces: [{ name: "Robe fleurie", priceCents: 2500 }],
  });
  const row = await openUserRow(page, customer.email);
  await expect(row.getByRole("img", { name: "Compte de connexion actif" })).toBeVisible();
  await expect(row).toContainText(`@${customer.handle}`);

  await page.getByLabel("Rechercher un utilisateur").fill("personne-de-ce-nom-ici");
  await expect(page.getByText("Aucun utilisateur ne correspond à votre recherche")).toBeVisible();
  await page.getByLabel("Rechercher un utilisateur").fill(customer.email);

  await row.getByRole("button", { name: "Modifier l'utilisateur" }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier un utilisateur" });
  await expect(dialog.getByLabel("Email")).toHaveValue(customer.email);
  await expect(dialog.getByLabel("Email")).not.toBeEditable();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog.getByText("Le prénom est requis")).toBeVisible();
  await expect(dialog.getByText("Le nom est requis")).toBeVisible();

  const handle = uniqueHandle("edit");
  await dialog.getByLabel("Prénom").fill("Camille");
  await dialog.getByLabel("Nom", { exact: true }).fill("Durand");
  await dialog.getByLabel("Pseudo TikTok").fill(`@${handle}`);
  await expect(dialog.getByRole("switch", { name: "Droits d'administration" })).not.toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Utilisateur modifié avec succès")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Camille Durand");
  await expect(row).toContainText(`@${handle.toLowerCase()}`);

  await row.getByRole("button", { name: "Voir les commandes de Camille Durand (1)" }).click();
  const orders = page.getByRole("dialog", { name: "Commandes de Camille Durand" });
  await expect(orders).toContainText(customer.email);
  const order = orders.getByRole("button", { name: /HF-/ });
  await expect(order).toContainText("Payée");
  await expect(order).toContainText("31,00 €");
  await order.click();
  await expect(orders).toContainText("Live :");
  await expect(orders).toContainText("Robe fleurie");
  await expect(orders).toContainText("25,00 €");
  await orders.getByRole("button", { name: "Fermer" }).click();

  // The merge link carries the accounts picked in the list.
  await row.getByRole("checkbox", { name: /comme source/ }).check();
  await expect(page.getByRole("link", { name: "Fusionner des comptes" })).toHaveAttribute(
    "href",
    `/admin/user-merge?source=${customer.id}`,
  );
});

test("an admin sends a customer the 'shipped' message, received by mail", async ({
  adminPage: page,
  customer,
}) => {
  const row = await openUserRow(page, customer.email);
  await row.getByRole("button", { name: "Envoyer un message" }).click();
  const dialog = page.getByRole("dialog", { name: "Envoyer un message" });
  await expect(dialog).toContainText(customer.email);
  await expect(dialog.getByLabel("Objet")).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Envoyer" })).toBeDisabled();
  // The order statuses only: a live claim's notice needs facts the server writes.
  const types = dialog.getByLabel("Type de message").getByRole("option");
  await expect(types).toHaveCount(1 + ORDER_STATUSES.length);
  await expect(types.filter({ hasText: "Réservé pour vous" })).toHaveCount(0);

  await dialog.getByLabel("Type de message").selectOption({ label: "Expédiée" });
  await expect(dialog.getByLabel("Objet")).toHaveValue("Votre commande est en route");
  await expect(dialog.getByRole("textbox", { name: "Message" })).toContainText("vient d'être expédiée");
  const subject = `Votre colis arrive (${Date.now()})`;
  await dialog.getByLabel("Objet").fill(subject);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Message envoyé !")).toBeVisible();
  await expect(dialog).toBeHidden();

  await openLatestMail(page, customer.email);
  await expect(page.getByRole("heading", { name: subject })).toBeVisible();
  await expect(page.getByText("vient d'être expédiée")).toBeVisible();
  await expect(page.getByText("Besoin d'aide ?")).toBeVisible();
});

test("an admin acts as a customer, then comes back to the back office without signing in", async ({
  adminPage: page,
  customer,
}) => {
  const row = await openUserRow(page, customer.email);
  await row.getByRole("button", { name: "Se connecter en tant que cet utilisateur" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(
    "Vous allez être déconnecté de l'admin pour vous connecter en tant qu'utilisateur. Confirmez-vous ?",
  );
  await confirm.getByRole("button", { name: "Confirmer" }).click();

  await expect(page).toHaveURL(/\/customer\/orders$/);
  const banner = page.getByRole("region", { name: "Impersonification en cours" });
  await expect(banner).toContainText(`Vous êtes connecté en tant que ${customer.email}`);
  await expect(page.getByRole("link", { name: "Administration" })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await banner.getByRole("button", { name: "Revenir à l'administration" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole("heading", { name: "Gestion des utilisateurs", level: 1 })).toBeVisible();

  await page.getByRole("link", { name: "Journal d'audit" }).click();
  const log = page.getByRole("table", { name: "Journal d'audit" });
  const mine = log.getByRole("row").filter({ hasText: customer.email });
  await expect(mine.first()).toContainText("Fin d'impersonification");
  await expect(mine.nth(1)).toContainText("Début d'impersonification");
});

test("an admin acting as a customer changes her profile, signs out and is told the back office is signed out too", async ({
  adminPage: page,
  customer,
}) => {
  const row = await openUserRow(page, customer.email);
  await row.getByRole("button", { name: "Se connecter en tant que cet utilisateur" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
  const banner = page.getByRole("region", { name: "Impersonification en cours" });
  await expect(banner).toContainText("« Se déconnecter » vous déconnecte aussi de l'administration.");

  await page.goto("/customer/profile");
  await page.getByLabel("Prénom").fill("Changé par l'admin");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expectToast(page, "Profil mis à jour avec succès");

  await page.getByRole("button", { name: "Se déconnecter" }).click();
  const signedOut =
    "Déconnexion réussie : l'impersonification et votre session d'administration sont terminées.";
  await expect(page.getByRole("status").filter({ hasText: signedOut })).toBeVisible();
  await expectToast(page, signedOut);
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Signed in again, the audit log names the admin for the change made as the customer.
  await page.getByLabel("Email").fill(DEMO_ADMIN.email);
  await page.getByLabel("Mot de passe").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await expect(page.getByRole("heading", { name: "Tableau de bord", level: 1 })).toBeVisible();
  await page.goto("/admin/audit-log");
  const log = page.getByRole("table", { name: "Journal d'audit" });
  const change = log
    .getByRole("row")
    .filter({ hasText: "Modification faite en tant que l'utilisateur" })
    .first();
  // The admin as actor, the customer (named as the change left her) as subject.
  await expect(change).toContainText("Admin Vitrine");
  await expect(change).toContainText("Changé par l'admin");
  await expect(change).toContainText("Requête : PUT /api/customer/profile");
});
