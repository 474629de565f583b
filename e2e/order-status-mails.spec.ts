import { expect } from "@playwright/test";
import { laPosteTrackingUrl } from "@vitrine/domain";
import { deliveryAddress } from "./support/customer-area";
import { test } from "./support/fixtures";
import { mailsTo, type SunkMail } from "./support/mail-sink";

const SHIPPED_SUBJECT = "Votre commande est en route";

/** The mails of that subject to `email`, once at least one came: the notices wait a few seconds to come together. */
async function mailsOf(email: string, subject: string): Promise<SunkMail[]> {
  const matching = () => mailsTo(email).filter((mail) => mail.subject === subject);
  await expect.poll(() => matching().length, { timeout: 30_000 }).toBeGreaterThan(0);
  return matching();
}

test("an 'Expédiée' order's mail carries its tracking number and the link to follow the parcel", async ({
  customer,
  createOrder,
  adminPage: page,
}) => {
  test.setTimeout(60_000);
  const trackingId = "6A24681357902";
  const order = await createOrder(customer, {
    status: "to-ship",
    trackingId,
    shippingAddress: deliveryAddress,
  });

  await page.goto(`/admin/orders/${order.id}`);
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${order.orderNumber}` })).toBeVisible();
  await page.getByRole("button", { name: "Changer le statut" }).click();
  const statusDialog = page.getByRole("dialog", { name: "Changer le statut" });
  await statusDialog.getByLabel("Nouveau statut").selectOption({ label: "Expédiée" });
  await statusDialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(statusDialog).toBeHidden();
  await expect(page.getByText("Statut de la commande mis à jour")).toBeVisible();

  const [mail] = await mailsOf(customer.email, SHIPPED_SUBJECT);
  expect(mail?.text).toContain(`Numéro de suivi : ${trackingId}`);
  expect(mail?.text).toContain(order.orderNumber);
  expect(mail?.text).not.toContain("{{");
  await page.setContent(mail?.html ?? "");
  await expect(page.getByText(`Numéro de suivi : ${trackingId}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Suivre mon colis" })).toHaveAttribute(
    "href",
    laPosteTrackingUrl(trackingId),
  );
});

test("the bulk change names each order it skips, and the one it ships is mailed once", async ({
  customer,
  createOrder,
  adminPage: page,
}) => {
  test.setTimeout(60_000);
  const shipped = await createOrder(customer, {
    status: "to-ship",
    trackingId: "6A13579246801",
    shippingAddress: deliveryAddress,
  });
  const unpaid = await createOrder(customer, { status: "to-pay" });

  await page.goto(`/admin/orders?utilisateur=${customer.id}`);
  for (const order of [shipped, unpaid]) {
    await page.getByRole("checkbox", { name: `Sélectionner la commande ${order.orderNumber}` }).check();
  }
  const bar = page.getByRole("region", { name: "Actions sur la sélection" });
  await bar.getByLabel("Nouveau statut").selectOption({ label: "Expédiée" });
  await bar.getByRole("button", { name: "Changer le statut" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Confirmer" }).click();
  const skipped = page.getByRole("region", { name: "Commandes non modifiées" });
  await expect(skipped).toContainText(`${unpaid.orderNumber} : Impossible : la commande n'est pas payée`);
  await expect(skipped).not.toContainText(shipped.orderNumber);

  const mails = await mailsOf(customer.email, SHIPPED_SUBJECT);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.text).toContain("6A13579246801");
  expect(mails[0]?.text).toContain(shipped.orderNumber);
});

test("the template editor lists the placeholders the 'Expédiée' mail fills in", async ({
  adminPage: page,
}) => {
  await page.goto("/admin");
  await page
    .getByRole("navigation", { name: "Menu d'administration" })
    .getByRole("link", { name: "Templates messages" })
    .click();
  await page
    .getByRole("row", { name: /Expédiée/ })
    .getByRole("button", { name: "Modifier" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Modifier le template" });
  const placeholders = dialog.getByRole("region", { name: "Champs remplis à l'envoi" });
  for (const line of [
    "{{numero_commande}} : Numéro de la commande",
    "{{suivi}} : Numéro de suivi du colis",
    "{{lien_suivi}} : Lien de suivi du colis",
    "{{prenom}} : Prénom du client",
  ]) {
    await expect(placeholders.getByRole("listitem").filter({ hasText: line })).toHaveCount(1);
  }
});
