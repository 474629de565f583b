import { expect, type Page } from "@playwright/test";
import { test } from "./support/fixtures";
import { uniqueEmail } from "./support/mail";

const PHONE = { width: 390, height: 844 };

/**
 * Waits until a page has drawn its data (its main heading shown, its requests answered), then
 * returns how many pixels it scrolls sideways: 0 when everything fits the window.
 */
async function sidewaysScroll(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState("networkidle");
  return page.evaluate(() => {
    const scrolling = document.scrollingElement ?? document.documentElement;
    return Math.max(0, scrolling.scrollWidth - window.innerWidth);
  });
}

async function overflowingPages(page: Page, urls: readonly string[]): Promise<string[]> {
  await page.setViewportSize(PHONE);
  const overflowing: string[] = [];
  for (const url of urls) {
    const extra = await sidewaysScroll(page, url);
    if (extra > 0) overflowing.push(`${url} (+${extra} px)`);
  }
  return overflowing;
}

test("no page of the app scrolls sideways on a 390 px phone", async ({
  page,
  customer,
  createOrder,
  signedInPage,
}) => {
  test.setTimeout(120_000);
  // Every page the router knows (apps/web/src/lib/paths.ts), with records to show; /logout is an
  // action, not a page.
  const toPay = await createOrder(customer, {
    status: "to-pay",
    pieces: [
      { name: "Robe longue à fleurs brodées main", priceCents: 4500 },
      { name: "Pull en maille torsadée", priceCents: 2500 },
    ],
  });
  const shipped = await createOrder(customer, { status: "shipped", trackingId: "6A12345678901" });

  const publicPages = [
    "/",
    "/mentions-legales",
    "/cgv",
    "/contact",
    "/login",
    "/signup",
    "/auth/verify",
    "/customer/faq",
    "/admin/login",
    "/une-page-qui-n-existe-pas",
  ];
  const customerPages = [
    "/customer",
    "/customer/orders",
    `/customer/order/${toPay.id}`,
    `/customer/order/${shipped.id}`,
    `/payment/${toPay.id}`,
    "/customer/profile",
    "/customer/faq",
  ];
  const adminPages = [
    "/admin",
    "/admin/users",
    `/admin/user-merge?source=${customer.id}`,
    "/admin/audit-log",
    "/admin/products",
    "/admin/bulk-products",
    "/admin/orders",
    `/admin/orders/${toPay.id}`,
    "/admin/payment-reviews",
    "/admin/orders-preparation",
    "/admin/lives",
    `/admin/lives/${toPay.liveId}`,
    "/admin/live-order-sidebar",
    "/admin/colors",
    "/admin/faqs",
    "/admin/message-templates",
    "/admin/pages",
    "/admin/une-page-qui-n-existe-pas",
  ];

  const overflowing = [
    ...(await overflowingPages(page, publicPages)),
    ...(await overflowingPages(await signedInPage(customer), customerPages)),
    ...(await overflowingPages(await signedInPage("admin"), adminPages)),
  ];
  expect(overflowing).toEqual([]);
});

for (const width of [1280, 1366, 1536]) {
  test(`every action of a users-table row is in view at ${width} px, without scrolling`, async ({
    adminPage: page,
    createCustomer,
    createOrder,
  }) => {
    // A long address, as customers have: it must wrap rather than push the actions out.
    const customer = await createCustomer({
      email: uniqueEmail("une-cliente-au-nom-vraiment-tres-long.de-chez-nous"),
    });
    await createOrder(customer, { status: "paid" });
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/admin/users?recherche=${encodeURIComponent(customer.email)}`);
    const table = page.getByRole("table", { name: "Liste des utilisateurs" });
    const row = table.getByRole("row").filter({ hasText: customer.email });
    await expect(row).toHaveCount(1);

    const controls = [
      row.getByRole("button", { name: "Modifier l'utilisateur" }),
      row.getByRole("link", { name: "Fusionner les commandes avec un autre utilisateur" }),
      row.getByRole("button", { name: "Se connecter en tant que cet utilisateur" }),
      row.getByRole("button", { name: "Envoyer un message" }),
      row.getByRole("checkbox", { name: /comme source de la fusion/ }),
      row.getByRole("checkbox", { name: /comme destination de la fusion/ }),
    ];
    // Nothing scrolls sideways, neither the page nor the table's box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const tableBox = await table.boundingBox();
    const tableFits = await table.evaluate(
      (element) => (element.parentElement?.scrollWidth ?? 0) <= (element.parentElement?.clientWidth ?? 0),
    );
    expect(tableFits).toBe(true);
    for (const control of controls) {
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = await control.boundingBox();
      expect(box && tableBox && box.x + box.width <= tableBox.x + tableBox.width).toBe(true);
    }

    // Each is clicked where it stands: no scroll happened before the clicks.
    const scrollBefore = await page.evaluate(() => window.scrollX);
    await controls[4]?.check();
    await controls[5]?.check();
    await expect(page.getByRole("link", { name: "Fusionner des comptes" })).toHaveAttribute(
      "href",
      `/admin/user-merge?source=${customer.id}&destination=${customer.id}`,
    );
    await controls[0]?.click();
    await expect(page.getByRole("dialog", { name: "Modifier un utilisateur" })).toBeVisible();
    await page.keyboard.press("Escape");
    await controls[3]?.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.keyboard.press("Escape");
    await controls[2]?.click();
    await expect(page.getByRole("alertdialog", { name: /Se connecter en tant que/ })).toBeVisible();
    await page.getByRole("button", { name: "Annuler" }).click();
    expect(await page.evaluate(() => window.scrollX)).toBe(scrollBefore);
    await controls[1]?.click();
    await expect(page).toHaveURL(new RegExp(`/admin/user-merge\\?source=${customer.id}$`));
  });
}
