import type { LabelSender } from "./label-provider";

const ZIP_AND_CITY = /^(\d{5})\s+(.+)$/;

/**
 * The shop as a parcel's sender, from SHOP_NAME, SHOP_POSTAL_ADDRESS ("Vitrine\n12 rue des Lilas\n
 * 69001 Lyon\nFrance") and SHOP_CONTACT_EMAIL. The street is what stands between the name and the
 * "postal code city" line; a country line after it is France anyway.
 */
export function shopSender(shop: { name: string; postalAddress: string; contactEmail: string }): LabelSender {
  const allLines = shop.postalAddress
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const lines = allLines[0]?.toLowerCase() === shop.name.toLowerCase() ? allLines.slice(1) : allLines;
  const zipIndex = lines.findIndex((line) => ZIP_AND_CITY.test(line));
  const match = zipIndex === -1 ? null : ZIP_AND_CITY.exec(lines[zipIndex] ?? "");
  const street = zipIndex > 0 ? lines.slice(0, zipIndex).join(", ") : null;
  return {
    name: shop.name,
    lines,
    email: shop.contactEmail,
    street,
    zip: match?.[1] ?? null,
    city: match?.[2] ?? null,
  };
}
