/*
 * Refunds: money given back on an order through the payment provider, written once for every
 * caller (a cancelled paid order, a combined parcel's fee). No routes of its own: staff's status
 * changes go through `changeOrderStatus`, which refunds a paid order it cancels.
 */
export { refundOrderPayment, type RefundOrderRequest, type RefundOutcome } from "./refund";
export {
  changeOrderStatus,
  changeOrderStatusOrThrow,
  listOrderRefunds,
  type StatusChange,
  type StatusChangeOutcome,
} from "./cancel";
