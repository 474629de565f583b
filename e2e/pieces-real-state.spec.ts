import { expect, type Page } from "@playwright/test";
import { liveTest, openSidebar } from "./support/live-sale-test";
import { addLivePieces, viewerComments } from "./support/live-selling";
import { uniqueHandle } from "./support/mail";

/** Staff add a piece to a viewer's order by its reference, in the sidebar: sold outside claims. */
async function sellByReference(page: Page, ref: number, handle: string) {
  const form = page.getByRole("form", { name: "Ajouter un produit à une commande" });
  await form.getByLabel("Référence du produit").fill(String(ref));
  await form.getByLabel("Pseudo TikTok").fill(handle);
  await form.getByRole("button", { name: "Ajouter", exact: true }).click();
  await expect(page.getByText("Produit ajouté à la commande avec succès")).toBeVisible();
}

const pieceOf = (page: Page, ref: number) =>
  page
    .getByRole("list", { name: "Pièces réservées" })
    .getByRole("listitem", { name: new RegExp(`^Réf ${ref} `) });
const cardOf = (page: Page, handle: string) =>
  page
    .getByRole("list", { name: "Commentaires" })
    .getByRole("listitem")
    .filter({ hasText: `@${handle}` });

liveTest(
  "the sold piece reads 'Vendue' in 'Réservations', its claims are answered as sold, and an unknown reference is said on its comment",
  async ({ adminPage: page, sale }) => {
    await addLivePieces(sale, [120]);
    await openSidebar(page, sale);
    const [buyer, late, lost] = [
      uniqueHandle("acheteuse"),
      uniqueHandle("tardive"),
      uniqueHandle("perdue"),
    ].map((handle) => handle.toLowerCase()) as [string, string, string];
    await sellByReference(page, 120, buyer);

    await viewerComments(sale, late, "je prends le 120");
    await expect(cardOf(page, late)).toContainText("Réf 120 · Vendue");
    const sold = pieceOf(page, 120);
    await expect(sold).toContainText(/Vendue · commande n°\S+ · pas encore payée/);
    await expect(sold).toContainText("1 demande répondue : pièce déjà vendue");
    await expect(sold.getByRole("link", { name: /^commande n°/ })).toHaveAttribute(
      "href",
      /^\/admin\/orders\//,
    );
    // Never queued: no waitlist, and nothing to give.
    await expect(sold.getByRole("list", { name: "Liste d'attente de la réf 120" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Donner la réf 120 à @${late}` })).toHaveCount(0);

    await viewerComments(sale, lost, "je prends le 54");
    await expect(cardOf(page, lost)).toContainText("Réf 54 · introuvable dans ce live");

    const counters = page.getByLabel("Compteurs du live");
    await expect(
      counters.getByRole("term").filter({ hasText: "Demandes de pièces vendues" }).locator("xpath=.."),
    ).toContainText("1");
    await expect(
      counters.getByRole("term").filter({ hasText: "Réfs introuvables" }).locator("xpath=.."),
    ).toContainText("1");
  },
);

liveTest.describe("on the customer's live page", () => {
  liveTest.use({ viewport: { width: 390, height: 844 } });

  liveTest(
    "a claim of a sold piece reads 'Vendue', and a piece is shown as it is, the request that differs said plainly",
    async ({ adminPage, customerPage: page, customer, sale }) => {
      await addLivePieces(sale, [121, 122]);
      await openSidebar(adminPage, sale);
      // On a phone the sidebar shows one part at a time: staff switch to 'Ajouter'.
      await adminPage
        .getByRole("group", { name: "Partie affichée" })
        .getByRole("button", { name: "Ajouter" })
        .click();
      await sellByReference(adminPage, 121, uniqueHandle("acheteuse").toLowerCase());
      await page.goto("/customer/live");

      await viewerComments(sale, customer.handle, "je prends le 121");
      const sold = page.getByRole("article", { name: `n°\u00a0121 Robe ${sale.ref} n°121` });
      await expect(sold).toContainText("Vendue");
      await expect(sold).toContainText(
        "Cette pièce a déjà été vendue\u00a0: elle ne peut plus vous être réservée.",
      );

      await viewerComments(sale, customer.handle, "je prends le 122 en L");
      const asked = page.getByRole("article", { name: `n°\u00a0122 Robe ${sale.ref} n°122` });
      await expect(asked).toContainText("Taille unique");
      await expect(asked).not.toContainText("Taille\u00a0: L");
      await expect(asked).toContainText("Vous avez demandé L\u00a0: cette pièce est en taille unique");
    },
  );
});
