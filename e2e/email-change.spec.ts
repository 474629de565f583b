import { expect, type Page } from "@playwright/test";
import { seriousViolations } from "./support/accessibility";
import { expectToast } from "./support/customer-area";
import { test } from "./support/fixtures";
import { followLatestMailLink, uniqueEmail } from "./support/mail";
import { latestMailTo } from "./support/mail-sink";

async function openUserRow(page: Page, email: string) {
  await page.goto(`/admin/users?recherche=${encodeURIComponent(email)}`);
  await expect(page.getByRole("heading", { name: "Liste des utilisateurs (1)" })).toBeVisible();
  return page
    .getByRole("table", { name: "Liste des utilisateurs" })
    .getByRole("row")
    .filter({ hasText: email });
}

test("staff change a customer's e-mail: refused when it is no address, then told at both, logged, and she signs in with the new one", async ({
  adminPage: page,
  customer,
  browser,
}) => {
  const row = await openUserRow(page, customer.email);
  await row.getByRole("button", { name: "Modifier l'utilisateur" }).click();
  const edit = page.getByRole("dialog", { name: "Modifier un utilisateur" });
  await edit.getByRole("button", { name: "Changer l'e-mail" }).click();
  const dialog = page.getByRole("dialog", { name: "Changer l'adresse e-mail" });
  await expect(dialog).toContainText(customer.email);
  const field = dialog.getByLabel("Nouvelle adresse e-mail");

  await dialog.getByRole("button", { name: "Changer l'adresse" }).click();
  await expect(dialog.getByText("L'email est requis")).toBeVisible();
  await field.fill("pas-une-adresse");
  await dialog.getByRole("button", { name: "Changer l'adresse" }).click();
  await expect(dialog.getByText("Veuillez saisir une adresse email valide")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  // Checked before the server's answer, whose toast fades in over the dialog.
  expect(await seriousViolations(page)).toEqual([]);
  // Its own address: the server says so on the field.
  await field.fill(customer.email.toUpperCase());
  await dialog.getByRole("button", { name: "Changer l'adresse" }).click();
  await expect(dialog.getByText("C'est déjà l'adresse e-mail de cet utilisateur")).toBeVisible();

  const newEmail = uniqueEmail("nouvelle");
  await field.fill(newEmail);
  await dialog.getByRole("button", { name: "Changer l'adresse" }).click();
  await expectToast(
    page,
    "Adresse e-mail modifiée : l'utilisateur en est informé à l'ancienne et à la nouvelle adresse",
  );
  await expect(dialog).toBeHidden();
  const moved = await openUserRow(page, newEmail);
  await expect(moved).toBeVisible();

  // Told at both addresses.
  const [toOld, toNew] = [await latestMailTo(customer.email), await latestMailTo(newEmail)];
  expect(toOld.subject).toBe("Votre adresse e-mail sur Vitrine a changé");
  expect(toOld.text).toContain(newEmail);
  expect(toNew.subject).toBe("Votre adresse e-mail sur Vitrine a changé");

  // Logged: who, whom, both addresses.
  await page.goto("/admin/audit-log");
  const logged = page
    .getByRole("table", { name: "Journal d'audit" })
    .getByRole("row")
    .filter({ hasText: "Adresse e-mail modifiée par l'équipe" })
    .first();
  await expect(logged).toContainText("Admin Vitrine");
  await expect(logged).toContainText(`E-mail : ${customer.email} → ${newEmail}`);

  // The customer signs in with the new address, to her own account.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(`/login?email=${encodeURIComponent(newEmail)}`);
  await visitor.getByRole("button", { name: "Me connecter avec cet email" }).click();
  await expect(visitor.getByText("Un lien de connexion vous a été envoyé par email.")).toBeVisible();
  await followLatestMailLink(visitor, newEmail);
  await expect(visitor).toHaveURL(/\/customer\/orders$/);
  await expect(visitor.getByRole("link", { name: newEmail })).toBeVisible();
  await context.close();
});
