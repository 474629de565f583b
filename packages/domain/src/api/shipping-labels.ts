import * as z from "zod/mini";

/** An order's label as the back office shows it: present or not, and the parcel number. */
export const shippingLabelStateSchema = z.object({
  hasLabel: z.boolean(),
  trackingId: z.nullable(z.string()),
});
export type ShippingLabelState = z.infer<typeof shippingLabelStateSchema>;

/** POST and DELETE /api/admin/orders/:id/label answer the label's new state. */
export const shippingLabelResponseSchema = z.object({ label: shippingLabelStateSchema });
export type ShippingLabelResponse = z.infer<typeof shippingLabelResponseSchema>;

/** The URL of an order's label PDF (GET streams it, POST generates it, DELETE removes it). */
export function shippingLabelUrl(orderId: string): string {
  return `/api/admin/orders/${encodeURIComponent(orderId)}/label`;
}
