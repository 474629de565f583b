/*
 * Refunds: money given back on an order through the payment provider, written once for every
 * caller (a cancelled paid order, a combined parcel's fee). No routes of its own.
 */
export { refundOrderPayment, type RefundOrderRequest, type RefundOutcome } from "./refund";
