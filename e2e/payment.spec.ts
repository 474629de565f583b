import { expect } from "@playwright/test";
import { addressMessages, cardFormMessages, LYRA_TEST_CARDS } from "@vitrine/domain";
import { addressFormEntries, deliveryAddress, expectToast, payWithCard } from "./support/customer-area";
import { test } from "./support/fixtures";
import { followLatestMailLink } from "./support/mail";

const dress = { name: "Robe portefeuille", priceCents: 4000, color: { name: "Rouge", hexCode: "#DC2626" } };

test("a customer signed in by e-mail validates her address, pays with the test card and sees her order in preparation", async ({
  page,
  customer,
  createOrder,
}) => {
  const order = await createOrder(customer, { status: "to-validate", pieces: [dress] });

  await page.goto("/login");
  await page.getByLabel("Email").fill(customer.email);
  await page.getByRole("button", { name: "Me connecter avec cet email" }).click();
  await expect(page.getByText("Un lien de connexion vous a été envoyé par email.")).toBeVisible();
  await followLatestMailLink(page, customer.email);
  await expect(page).toHaveURL(/\/customer\/orders$/);

  const card = page.getByRole("article", { name: order.orderNumber });
  await expect(card.getByText("À valider")).toBeVisible();
  await card.getByRole("link", { name: "Valider ma commande" }).click();
  await expect(page).toHaveURL(new RegExp(`/customer/order/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: `Commande ${order.orderNumber}` })).toBeVisible();
  await expect(page.getByText("Sous-total")).toBeVisible();
  await expect(page.getByText("Livraison", { exact: true })).toBeVisible();

  // Prefilled from the account: her e-mail. Emptied, every required field speaks.
  const form = page.getByRole("main");
  await expect(form.getByLabel("Email")).toHaveValue(customer.email);
  await expect(form.getByLabel("Pays")).toHaveValue("France");
  await expect(form.getByLabel("Pays")).toHaveAttribute("readonly", "");
  await form.getByLabel("Email").fill("");
  const submit = page.getByRole("button", { name: "Valider la commande et passer au paiement" });
  await submit.click();
  const required = [
    ["Prénom", addressMessages.firstName],
    ["Nom", addressMessages.lastName],
    ["Adresse", addressMessages.street],
    ["Code postal", addressMessages.zip],
    ["Ville", addressMessages.city],
    ["Email", addressMessages.email],
    ["Téléphone", addressMessages.phone],
  ] as const;
  for (const [label, message] of required) {
    await expect(page.getByRole("alert").filter({ hasText: message })).toBeVisible();
    await expect(form.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
  }
  await expect(page.getByLabel("Note de livraison")).not.toHaveAttribute("aria-invalid", "true");

  // An error goes as soon as its field is edited.
  await form.getByLabel("Prénom").fill("M");
  await expect(page.getByRole("alert").filter({ hasText: addressMessages.firstName })).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: addressMessages.lastName })).toBeVisible();

  for (const [label, value] of addressFormEntries) await form.getByLabel(label, { exact: true }).fill(value);
  await page.getByLabel("Note de livraison").fill(deliveryAddress.delivery_note ?? "");
  await submit.click();
  await expectToast(page, "Adresse de livraison mise à jour avec succès");
  await expect(page.getByText("À payer", { exact: true })).toBeVisible();
  await expect(page.getByText(deliveryAddress.street)).toBeVisible();
  await expect(page.getByText("Colissimo")).toBeVisible();
  await expect(page.getByText("Carte bancaire")).toBeVisible();

  await page.getByRole("button", { name: "Payer maintenant (46,00 €)" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${order.id}$`));
  await expect(page.getByText("46,00 €").first()).toBeVisible();
  await payWithCard(page, LYRA_TEST_CARDS.accepted, "46,00 €");

  await expect(page.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();
  await expectToast(page, "Paiement effectué avec succès");
  await expect(page).toHaveURL(new RegExp(`/customer/order/${order.id}$`), { timeout: 5_000 });
  await expect(page.getByText("Votre commande est en préparation.")).toBeVisible();
  await expect(page.getByText("Payée", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /Payer maintenant/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Modifier" })).toHaveCount(0);
});

test("a declined card shows the failure and 'Réessayer' gives her a fresh form that the good card pays", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const order = await createOrder(customer, {
    status: "to-pay",
    shippingAddress: deliveryAddress,
    pieces: [dress, { name: "Pull en maille", priceCents: 2500 }],
  });
  await page.goto(`/customer/order/${order.id}`);
  await page.getByRole("button", { name: "Payer maintenant (71,00 €)" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${order.id}$`));

  // The card form checks what can be checked before asking the bank.
  await page.getByRole("button", { name: "Payer 71,00 €" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: cardFormMessages.cardNumberRequired }),
  ).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: cardFormMessages.expiryRequired })).toBeVisible();
  await expect(
    page.getByRole("alert").filter({ hasText: cardFormMessages.securityCodeRequired }),
  ).toBeVisible();
  await page.getByLabel("Numéro de carte").fill("4970100000000056");
  await page.getByLabel("Date d'expiration (MM/AA)").fill("0120");
  await expect(page.getByLabel("Date d'expiration (MM/AA)")).toHaveValue("01/20");
  await page.getByRole("button", { name: "Payer 71,00 €" }).click();
  await expect(page.getByRole("alert").filter({ hasText: cardFormMessages.cardNumberInvalid })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: cardFormMessages.expiryPast })).toBeVisible();

  await payWithCard(page, LYRA_TEST_CARDS.refused, "71,00 €");
  const failure = page.getByRole("alert").filter({ hasText: "Échec du paiement" });
  await expect(failure).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Paiement réussi !" })).toHaveCount(0);
  await failure.getByRole("button", { name: "Réessayer" }).click();
  await expect(failure).toHaveCount(0);
  await expect(page.getByLabel("Numéro de carte")).toHaveValue("");

  await payWithCard(page, LYRA_TEST_CARDS.accepted, "71,00 €");
  await expect(page.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customer/order/${order.id}$`), { timeout: 5_000 });
  await expect(page.getByText("Votre commande est en préparation.")).toBeVisible();
});

test("the payment page is reached from the order only, and an order already paid is not paid twice", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const toPay = await createOrder(customer, { status: "to-pay", shippingAddress: deliveryAddress });
  await page.goto(`/payment/${toPay.id}`);
  await expect(page).toHaveURL(new RegExp(`/customer/order/${toPay.id}$`));
  await expect(page.getByRole("button", { name: "Payer maintenant (46,00 €)" })).toBeVisible();

  const paid = await createOrder(customer, { status: "paid", shippingAddress: deliveryAddress });
  await page.goto("/customer/orders");
  await page
    .getByRole("article", { name: toPay.orderNumber })
    .getByRole("link", { name: "Régler ma commande" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/payment/${toPay.id}$`));
  await expect(page.getByLabel("Numéro de carte")).toBeVisible();

  // A stale tab on an order paid since: nothing to pay.
  await page.evaluate((order) => localStorage.setItem("vitrine:order-to-pay", JSON.stringify(order)), {
    id: paid.id,
    totalAmountCents: paid.totalAmountCents,
  });
  await page.goto(`/payment/${paid.id}`);
  await expect(page.getByText("Cette commande n'est pas à régler.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Voir ma commande" })).toHaveAttribute(
    "href",
    `/customer/order/${paid.id}`,
  );
});

test("staff add a piece while she is on the payment page: the old form is refused, she reads the new total and pays it", async ({
  customer,
  createOrder,
  customerPage: page,
  adminPage: staff,
}) => {
  test.setTimeout(60_000);
  const order = await createOrder(customer, {
    status: "to-pay",
    shippingAddress: deliveryAddress,
    pieces: [dress],
  });
  await page.goto(`/customer/order/${order.id}`);
  await page.getByRole("button", { name: "Payer maintenant (46,00 €)" }).click();
  await expect(page).toHaveURL(new RegExp(`/payment/${order.id}$`));
  await expect(page.getByRole("button", { name: "Payer 46,00 €" })).toBeVisible();

  // Meanwhile, on the order page of the back office, staff add a belt of the same live.
  const created = await staff.request.post("/api/admin/products", {
    data: { liveId: order.liveId, name: "Ceinture tressée", ref: 7, priceCents: 1500 },
  });
  expect(created.status()).toBe(201);
  await staff.goto(`/admin/orders/${order.id}`);
  const reference = staff.getByRole("combobox", { name: "Ajouter un produit par référence" });
  await reference.fill("7");
  await staff
    .getByRole("listbox", { name: "Produits disponibles" })
    .getByRole("option", { name: /Ceinture tressée/ })
    .click();
  await staff.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(staff.getByText("Produit ajouté à la commande avec succès")).toBeVisible();
  await expect(staff.getByText("61,00 €").first()).toBeVisible();

  // Her form was made for 46 €: the bank side refuses it, and the page shows the new total on a new form.
  await payWithCard(page, LYRA_TEST_CARDS.accepted, "46,00 €");
  await expect(
    page.getByRole("status").filter({ hasText: "le total à régler est maintenant de 61,00 €" }),
  ).toBeVisible();
  await expect(page.getByText("Total à régler", { exact: true })).toBeVisible();
  await expect(page.getByText("61,00 €").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Payer 46,00 €" })).toHaveCount(0);

  await payWithCard(page, LYRA_TEST_CARDS.accepted, "61,00 €");
  await expect(page.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/customer/order/${order.id}$`), { timeout: 5_000 });
  await expect(page.getByText("Payée", { exact: true })).toBeVisible();

  // Paid, its items no longer change: staff read why.
  await staff.reload();
  await staff.getByRole("button", { name: /^Supprimer l'article Ceinture tressée/ }).click();
  await staff
    .getByRole("alertdialog", { name: "Supprimer l'article" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(
    staff.getByText(
      "Les articles de cette commande ne peuvent plus être modifiés : elle n'est plus à valider ni à payer.",
    ),
  ).toBeVisible();
});

test("staff remove a piece while she reads the payment page: without her doing anything, the page shows the new total on a new form", async ({
  customer,
  createOrder,
  customerPage: page,
  adminPage: staff,
}) => {
  test.setTimeout(60_000);
  const order = await createOrder(customer, {
    status: "to-pay",
    shippingAddress: deliveryAddress,
    pieces: [dress, { name: "Pull en maille", priceCents: 2500 }],
  });
  await page.goto(`/customer/order/${order.id}`);
  await page.getByRole("button", { name: "Payer maintenant (71,00 €)" }).click();
  await expect(page.getByRole("button", { name: "Payer 71,00 €" })).toBeVisible();

  await staff.goto(`/admin/orders/${order.id}`);
  await staff.getByRole("button", { name: /^Supprimer l'article Pull en maille/ }).click();
  await staff
    .getByRole("alertdialog", { name: "Supprimer l'article" })
    .getByRole("button", { name: "Supprimer" })
    .click();
  await expect(staff.getByText("Article supprimé avec succès")).toBeVisible();

  // The page reads the order again by itself (as it must for Lyra's form, which no one can revoke).
  await expect(
    page.getByRole("status").filter({ hasText: "le total à régler est maintenant de 46,00 €" }),
  ).toBeVisible({ timeout: 25_000 });
  await expect(page.getByRole("button", { name: "Payer 46,00 €" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Payer 71,00 €" })).toHaveCount(0);
  await payWithCard(page, LYRA_TEST_CARDS.accepted, "46,00 €");
  await expect(page.getByRole("status").filter({ hasText: "Paiement réussi !" })).toBeVisible();
});
