import { expect, type Page } from "@playwright/test";
import type { ShippingAddress } from "@vitrine/domain";

/** A delivery address as the form saves it. */
export const deliveryAddress: ShippingAddress = {
  first_name: "Marie",
  last_name: "Dupont",
  street: "12 rue des Lilas",
  zip: "69001",
  city: "Lyon",
  state: "",
  country: "France",
  email: "marie.dupont@example.com",
  phone: "06 12 34 56 78",
  delivery_note: "Code 1234, 2e étage",
};

/** The address form's fields, by their labels, with what a customer types. */
export const addressFormEntries = [
  ["Prénom", deliveryAddress.first_name],
  ["Nom", deliveryAddress.last_name],
  ["Adresse", deliveryAddress.street],
  ["Code postal", deliveryAddress.zip],
  ["Ville", deliveryAddress.city],
  ["Email", deliveryAddress.email],
  ["Téléphone", deliveryAddress.phone],
] as const;

/** An expiry date two years ahead, as MM/AA. */
export function futureExpiry(): string {
  return `12/${String((new Date().getFullYear() + 2) % 100).padStart(2, "0")}`;
}

/** Fills the simulator's card form and presses 'Payer …'. */
export async function payWithCard(page: Page, cardNumber: string, amount: string): Promise<void> {
  await page.getByLabel("Numéro de carte").fill(cardNumber);
  await page.getByLabel("Date d'expiration (MM/AA)").fill(futureExpiry());
  await page.getByLabel("Cryptogramme").fill("123");
  await page.getByRole("button", { name: `Payer ${amount}` }).click();
}

/** The visible message in a sonner toast or on the page. */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.getByRole("region", { name: /Notifications/ }).getByText(text)).toBeVisible();
}
