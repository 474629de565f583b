import { isRealEmail, orderClientName, type AdminOrderRow } from "@vitrine/domain";

/** Someone a message goes to, as the send-message dialog takes them. */
export interface OrderRecipient {
  userId: string;
  /** Null when the person has no mailbox (a live viewer's placeholder address): the dialog says so. */
  email: string | null;
  name: string;
}

/** The distinct people of the selected orders, in the order first met (spec §5: bulk message). */
export function orderRecipients(orders: Iterable<AdminOrderRow>): OrderRecipient[] {
  const byUser = new Map<string, OrderRecipient>();
  for (const { client } of orders) {
    if (byUser.has(client.id)) continue;
    byUser.set(client.id, {
      userId: client.id,
      email: isRealEmail(client.email) ? client.email : null,
      name: orderClientName(client),
    });
  }
  return [...byUser.values()];
}
