export const SHIPPING_FEE_CENTS = 600;
export const CURRENCY = "EUR";

const euroFormatter = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: CURRENCY,
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatEuros(cents: number): string {
  return euroFormatter.format(cents / 100);
}

export function orderTotalCents(itemPricesCents: readonly number[]): number {
  return itemPricesCents.reduce((sum, price) => sum + price, SHIPPING_FEE_CENTS);
}
