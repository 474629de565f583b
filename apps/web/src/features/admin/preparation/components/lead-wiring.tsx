import type { PreparationOrder } from "@vitrine/domain";

/*
 * ISSUE 15, TO WIRE ON MERGE (lead): the preparation card's message control and address editor
 * reuse dialogs that other slices build. Replace each body below with the real component:
 *   - PreparationMessageControl: `SendMessageDialog` (users slice), for `order.customer`;
 *   - PreparationAddressEditor: `AdminAddressDialog` (order-detail slice), for `order.id` and
 *     `order.shippingAddress`; on save it must invalidate ["admin", "orders"] (the card re-reads).
 * They render nothing until then.
 */

export function PreparationMessageControl(_props: { order: PreparationOrder }) {
  return null;
}

export function PreparationAddressEditor(_props: { order: PreparationOrder }) {
  return null;
}
