import { mkdirSync } from "node:fs";
import { expect, type Page } from "@playwright/test";
import { profileMessages, tiktokUsernameMessages } from "@vitrine/domain";
import { deliveryAddress, expectToast } from "./support/customer-area";
import { test } from "./support/fixtures";
import { uniqueHandle } from "./support/mail";

const NAVIGATION = "Navigation de l'espace client";
const SCREENSHOTS = "test-results/screenshots";

test("each order shows its date, status, pieces, total and the action its status calls for", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const toValidate = await createOrder(customer, {
    status: "to-validate",
    orderDate: new Date("2025-05-12T10:00:00Z"),
    pieces: [{ name: "Robe fleurie", priceCents: 4000, color: { name: "Rouge", hexCode: "#DC2626" } }],
  });
  const toPay = await createOrder(customer, { status: "to-pay", shippingAddress: deliveryAddress });
  const shipped = await createOrder(customer, {
    status: "shipped",
    trackingId: "6A12345678901",
    shippingAddress: deliveryAddress,
  });
  const paid = await createOrder(customer, { status: "paid", shippingAddress: deliveryAddress });
  const cancelledByShop = await createOrder(customer, { status: "cancelled-by-admin" });

  await page.goto("/customer/orders");
  await expect(page.getByRole("heading", { level: 1, name: "Mes commandes" })).toBeVisible();

  const first = page.getByRole("article", { name: toValidate.orderNumber });
  await expect(first.getByText("12 mai 2025")).toBeVisible();
  await expect(first.getByText("À valider")).toBeVisible();
  await expect(
    first.getByText("Validez vos informations de livraison pour confirmer votre commande."),
  ).toBeVisible();
  await expect(first.getByText("Robe fleurie")).toBeVisible();
  await expect(first.getByText("Rouge")).toBeVisible();
  await expect(first.getByText("46,00 €")).toBeVisible();
  await expect(first.getByRole("link", { name: "Valider ma commande" })).toHaveAttribute(
    "href",
    `/customer/order/${toValidate.id}`,
  );
  // The main action already opens the order: no second link to the same page.
  await expect(first.getByRole("link")).toHaveCount(1);

  const second = page.getByRole("article", { name: toPay.orderNumber });
  await expect(second.getByText("À payer")).toBeVisible();
  await expect(second.getByRole("link", { name: "Régler ma commande" })).toHaveAttribute(
    "href",
    `/payment/${toPay.id}`,
  );
  await expect(second.getByRole("link", { name: "Voir le détail" })).toHaveAttribute(
    "href",
    `/customer/order/${toPay.id}`,
  );

  const track = page
    .getByRole("article", { name: shipped.orderNumber })
    .getByRole("link", { name: /Suivre la livraison/ });
  await expect(track).toHaveAttribute("href", /^https:\/\/www\.laposte\.fr\/.*6A12345678901/);
  await expect(track).toHaveAttribute("target", "_blank");
  await expect(track).toHaveAttribute("rel", /noopener/);

  const paidCard = page.getByRole("article", { name: paid.orderNumber });
  await expect(paidCard.getByRole("link", { name: "Voir ma commande" })).toHaveAttribute(
    "href",
    `/customer/order/${paid.id}`,
  );
  await expect(paidCard.getByRole("link")).toHaveCount(1);

  await expect(page.getByRole("article")).toHaveCount(4);
  await expect(page.getByRole("article", { name: cancelledByShop.orderNumber })).toHaveCount(0);
});

test("'Modifier' brings the address form of an order to pay back, filled with the saved address", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const order = await createOrder(customer, { status: "to-pay", shippingAddress: deliveryAddress });
  await page.goto(`/customer/order/${order.id}`);
  await expect(page.getByText(deliveryAddress.street)).toBeVisible();
  await expect(page.getByRole("button", { name: "Payer maintenant (46,00 €)" })).toBeVisible();

  await page.getByRole("button", { name: "Modifier" }).click();
  await expectToast(page, "Vous pouvez maintenant modifier votre adresse de livraison");
  await expect(page.getByText("À valider", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Adresse", { exact: true })).toHaveValue(deliveryAddress.street);
  await expect(page.getByLabel("Code postal")).toHaveValue(deliveryAddress.zip);
  await expect(page.getByRole("button", { name: "Valider la commande et passer au paiement" })).toBeVisible();
  await expect(page.getByRole("button", { name: /Payer maintenant/ })).toHaveCount(0);
});

test("a customer without orders learns how they come and whom to write to", async ({
  customerPage: page,
}) => {
  await page.goto("/customer/orders");
  await expect(page.getByText("Vous n'avez pas encore de commande.")).toBeVisible();
  await expect(
    page.getByText(/Vos achats apparaissent ici après votre participation à un live/),
  ).toBeVisible();
  await expect(page.getByText(/en indiquant votre pseudo TikTok et ce que vous avez commandé/)).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  await expect(page.getByRole("article")).toHaveCount(0);
});

test("another customer's order is 'Commande introuvable'", async ({
  createCustomer,
  createOrder,
  customerPage: page,
}) => {
  const someoneElse = await createCustomer();
  const theirs = await createOrder(someoneElse, { status: "to-pay", shippingAddress: deliveryAddress });
  await page.goto(`/customer/order/${theirs.id}`);
  await expect(page.getByRole("heading", { name: "Commande introuvable" })).toBeVisible();
  await expect(page.getByText(deliveryAddress.street)).toHaveCount(0);
  await page.getByRole("link", { name: "Retour à mes commandes" }).click();
  await expect(page).toHaveURL(/\/customer\/orders$/);
});

test("the profile saves her names, which the header then shows; saving nothing says so", async ({
  customer,
  customerPage: page,
}) => {
  await page.goto("/customer/profile");
  await expect(page.getByLabel("Email")).toHaveValue(customer.email);
  await expect(page.getByLabel("Email")).toHaveAttribute("readonly", "");
  await expect(page.getByLabel("Pseudo TikTok")).toHaveValue(`@${customer.handle}`);
  await expect(page.getByLabel("Pseudo TikTok")).toHaveAttribute("readonly", "");
  await expect(page.getByText(profileMessages.contactToChange)).toBeVisible();

  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expectToast(page, "Aucune modification détectée");

  await page.getByLabel("Prénom").fill("Camille");
  await page.getByLabel("Nom", { exact: true }).fill("Durand");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expectToast(page, "Profil mis à jour avec succès");
  await expect(page.getByRole("banner").getByRole("link", { name: "Camille Durand" })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Prénom")).toHaveValue("Camille");
});

test("a customer without handle is sent to her profile, chooses it once and reaches her orders", async ({
  appData,
  customer,
  createCustomer,
  customerPage: page,
}) => {
  await appData.removeTiktokUsername(customer);
  const someoneElse = await createCustomer();

  await page.goto("/customer/orders");
  await expect(page).toHaveURL(/\/customer\/profile$/);
  await expect(page.getByText(profileMessages.handleMandatory)).toBeVisible();
  const handle = page.getByLabel("Pseudo TikTok", { exact: true });
  const confirmation = page.getByLabel("Confirmez votre pseudo TikTok");
  const save = page.getByRole("button", { name: "Enregistrer" });

  await save.click();
  await expectToast(page, tiktokUsernameMessages.missingAtSubmit);
  await expect(page.getByRole("alert").filter({ hasText: tiktokUsernameMessages.required })).toBeVisible();

  await handle.fill("a");
  await save.click();
  await expectToast(page, tiktokUsernameMessages.fixErrors);
  await expect(page.getByRole("alert").filter({ hasText: tiktokUsernameMessages.tooShort })).toBeVisible();

  await handle.fill(`@${someoneElse.handle}`);
  await confirmation.fill("autre_pseudo");
  await save.click();
  await expect(page.getByRole("alert").filter({ hasText: tiktokUsernameMessages.mismatch })).toBeVisible();
  await confirmation.fill(someoneElse.handle);
  await save.click();
  await expect(page.getByRole("alert").filter({ hasText: tiktokUsernameMessages.taken })).toBeVisible();

  const chosen = uniqueHandle("choisi");
  await handle.fill(chosen);
  await confirmation.fill(chosen);
  await save.click();
  await expectToast(page, "Profil mis à jour avec succès");
  await expect(page).toHaveURL(/\/customer\/orders$/);
  await page.getByRole("navigation", { name: NAVIGATION }).getByRole("link", { name: "Profil" }).click();
  await expect(page.getByLabel("Pseudo TikTok")).toHaveValue(`@${chosen.toLowerCase()}`);
  await expect(page.getByLabel("Pseudo TikTok")).toHaveAttribute("readonly", "");
});

test("the FAQ sits in the customer's frame when she is signed in, in the public one otherwise", async ({
  page,
  customerPage,
}) => {
  await customerPage.goto("/customer/faq");
  await expect(customerPage.getByRole("heading", { name: "Questions fréquentes" })).toBeVisible();
  await expect(customerPage.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await customerPage.getByText("Comment payer ma commande ?").click();
  await expect(customerPage.getByText(/validez votre adresse de livraison puis payez/)).toBeVisible();

  await page.goto("/customer/faq");
  await expect(page.getByRole("heading", { name: "Questions fréquentes" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Se déconnecter" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Se connecter" })).toBeVisible();
});

async function expectNoHorizontalOverflow(page: Page) {
  const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(fits).toBe(true);
}

async function expectNavigationPlace(page: Page, width: number) {
  const navigation = page.getByRole("navigation", { name: NAVIGATION });
  await expect(navigation).toHaveCount(1);
  if (width > 768) {
    await expect(page.getByRole("banner").getByRole("navigation", { name: NAVIGATION })).toBeVisible();
  } else {
    const box = await navigation.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport && Math.round(box.y + box.height)).toBe(viewport?.height);
  }
}

for (const width of [390, 768, 1280]) {
  test(`the orders, an order and the payment page fit ${width} px wide`, async ({
    customer,
    createOrder,
    signedInPage,
  }) => {
    const order = await createOrder(customer, {
      status: "to-pay",
      shippingAddress: deliveryAddress,
      pieces: [
        { name: "Robe longue à fleurs", priceCents: 4500, color: { name: "Rouge", hexCode: "#DC2626" } },
        { name: "Pull en maille", priceCents: 2500, color: { name: "Bleu marine", hexCode: "#1E3A8A" } },
      ],
    });
    await createOrder(customer, {
      status: "to-validate",
      pieces: [{ name: "Jean droit", priceCents: 3200 }],
    });
    const page = await signedInPage(customer);
    await page.setViewportSize({ width, height: 900 });
    const screenshot = async (name: string) => {
      if (width === 768) return;
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: `${SCREENSHOTS}/${name}-${width}.png`, fullPage: true });
    };

    await page.goto("/customer/orders");
    await expect(page.getByRole("article")).toHaveCount(2);
    await expectNavigationPlace(page, width);
    await expectNoHorizontalOverflow(page);
    await screenshot("orders");

    await page.goto(`/customer/order/${order.id}`);
    await expect(page.getByRole("button", { name: "Payer maintenant (76,00 €)" })).toBeVisible();
    await expectNavigationPlace(page, width);
    await expectNoHorizontalOverflow(page);
    await screenshot("order");

    await page.getByRole("button", { name: "Payer maintenant (76,00 €)" }).click();
    await expect(page.getByLabel("Numéro de carte")).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot("payment");
  });
}

test("the orders list's answers come with the page: no request for them, and asked again once stale", async ({
  customer,
  createOrder,
  customerPage: page,
}) => {
  const order = await createOrder(customer, { status: "to-validate" });
  const asked: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/api/")) asked.push(pathname);
  });
  await page.goto("/customer/orders");
  await expect(page.getByRole("article", { name: order.orderNumber })).toBeVisible();
  // Written into the page by the server (session, orders, shop): the app took them from there.
  expect(asked).toEqual([]);
  // A later visit of the list in the same page asks the API as usual.
  const navigation = page.getByRole("navigation", { name: NAVIGATION });
  await navigation.getByRole("link", { name: "Profil" }).click();
  await expect(page.getByRole("heading", { name: "Mon profil" })).toBeVisible();
  await navigation.getByRole("link", { name: "Commandes" }).click();
  await expect(page.getByRole("article", { name: order.orderNumber })).toBeVisible();
  await expect.poll(() => asked.includes("/api/customer/orders")).toBe(true);
});
