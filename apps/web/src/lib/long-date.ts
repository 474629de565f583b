const longDateFormatter = new Intl.DateTimeFormat("fr-FR", { dateStyle: "long" });

/**
 * "23 novembre 2025": the long French date the customer area shows. Written with the browser's own
 * Intl rather than date-fns so that the orders list, part of a customer's first load, carries no
 * date library.
 */
export function formatLongDate(date: Date | string): string {
  return longDateFormatter.format(new Date(date));
}
