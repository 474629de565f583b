import * as z from "zod/mini";
import { ORDER_STATUSES } from "../order-status";

/** POST /api/admin/parcels: the orders to travel in one parcel (a parcel's lead joins its members). */
export const combineParcelRequestSchema = z.object({
  orderIds: z.array(z.uuid()).check(z.minLength(2), z.maxLength(50)),
});
export type CombineParcelRequest = z.infer<typeof combineParcelRequestSchema>;

export const parcelOrderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  isLead: z.boolean(),
  shippingFeeCents: z.int(),
  /** The fee set aside while it rides free (joined before it was paid). */
  waivedShippingFeeCents: z.nullable(z.int()),
  /** Its fee given back through the provider (joined once paid). */
  refundedShippingFeeCents: z.nullable(z.int()),
  totalAmountCents: z.int(),
});
export type ParcelOrder = z.infer<typeof parcelOrderSchema>;

/** A combined parcel: its lead first, then its members. */
export const parcelSchema = z.object({
  leadId: z.string(),
  leadOrderNumber: z.string(),
  hasLabel: z.boolean(),
  trackingId: z.nullable(z.string()),
  orders: z.array(parcelOrderSchema),
});
export type Parcel = z.infer<typeof parcelSchema>;
export const parcelResponseSchema = z.object({ parcel: parcelSchema });
/** After 'Séparer': the parcel as it is left, or null when nothing travels together any more. */
export const parcelSplitResponseSchema = z.object({ parcel: z.nullable(parcelSchema) });

/** A customer's orders the board offers to combine, with what it saves and gives back. */
export const parcelSuggestionSchema = z.object({
  customer: z.object({ id: z.string(), name: z.string() }),
  leadId: z.string(),
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      status: z.enum(ORDER_STATUSES),
      shippingFeeCents: z.int(),
      totalAmountCents: z.int(),
      /** Already in the parcel being joined. */
      inParcel: z.boolean(),
    }),
  ),
  /** Fees no longer charged (members not paid yet). */
  feeSavedCents: z.int(),
  /** Fees given back through the provider (members already paid). */
  refundCents: z.int(),
});
export type ParcelSuggestion = z.infer<typeof parcelSuggestionSchema>;
export const parcelSuggestionsResponseSchema = z.object({ suggestions: z.array(parcelSuggestionSchema) });

/** GET /api/admin/parcels/of/:id: the order's parcel, and the paid orders whose parcel it may join. */
export const orderParcelResponseSchema = z.object({
  parcel: z.nullable(parcelSchema),
  joinable: z.array(z.object({ leadId: z.string(), orderNumber: z.string() })),
});
export type OrderParcelResponse = z.infer<typeof orderParcelResponseSchema>;

/** What the customer reads of an order's parcel (null: it travels alone). */
export const customerParcelSchema = z.object({
  role: z.enum(["lead", "member"]),
  leadOrderNumber: z.string(),
  /** The other orders of the parcel the customer can see. */
  otherOrderNumbers: z.array(z.string()),
  waivedShippingFeeCents: z.nullable(z.int()),
  refundedShippingFeeCents: z.nullable(z.int()),
});
export type CustomerParcel = z.infer<typeof customerParcelSchema>;
