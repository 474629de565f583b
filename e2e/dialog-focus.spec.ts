import { expect } from "@playwright/test";
import { test } from "./support/fixtures";

test("closing a dialog gives the focus back to the button that opened it", async ({
  adminPage: page,
  customer,
  createOrder,
}) => {
  await createOrder(customer, { status: "paid" });
  await page.goto(`/admin/users?recherche=${encodeURIComponent(customer.email)}`);
  const row = page
    .getByRole("table", { name: "Liste des utilisateurs" })
    .getByRole("row")
    .filter({ hasText: customer.email });

  const edit = row.getByRole("button", { name: "Modifier l'utilisateur" });
  await edit.click();
  const editDialog = page.getByRole("dialog", { name: "Modifier un utilisateur" });
  await editDialog.getByRole("button", { name: "Annuler" }).click();
  await expect(editDialog).toBeHidden();
  await expect(edit).toBeFocused();

  const orders = row.getByRole("button", { name: /^Voir les commandes de/ });
  await orders.click();
  const ordersDialog = page.getByRole("dialog", { name: /^Commandes de/ });
  await ordersDialog.getByRole("button", { name: "Fermer" }).click();
  await expect(ordersDialog).toBeHidden();
  await expect(orders).toBeFocused();

  const message = row.getByRole("button", { name: "Envoyer un message" });
  await message.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(message).toBeFocused();

  const impersonate = row.getByRole("button", { name: "Se connecter en tant que cet utilisateur" });
  await impersonate.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Annuler" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expect(impersonate).toBeFocused();
});
