import { z } from "zod/mini";

const STORAGE_KEY = "vitrine:order-to-pay";

const orderToPaySchema = z.object({ id: z.string(), totalAmountCents: z.int() });
export type OrderToPay = z.infer<typeof orderToPaySchema>;

/** The spec's hand-over to the payment page: the order about to be paid, kept in local storage. */
export function rememberOrderToPay(
  order: OrderToPay,
  storage: Pick<Storage, "setItem"> = localStorage,
): void {
  try {
    storage.setItem(STORAGE_KEY, JSON.stringify(order));
  } catch {
    // Storage refused (private browsing, quota): the payment page lets the customer through anyway.
  }
}

function parse(text: string | null): OrderToPay | null {
  if (!text) return null;
  try {
    const parsed = orderToPaySchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Whether the payment page was reached from this order ('Payer maintenant', 'Régler ma commande').
 * A browser whose storage cannot be read is let through: the amount paid is the server's anyway.
 */
export function isOrderToPay(orderId: string, storage: Pick<Storage, "getItem"> = localStorage): boolean {
  let text: string | null;
  try {
    text = storage.getItem(STORAGE_KEY);
  } catch {
    return true;
  }
  return parse(text)?.id === orderId;
}
