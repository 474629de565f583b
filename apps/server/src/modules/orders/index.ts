/*
 * The orders core: the rules that carry money and stock, written once. Other modules use orders
 * through what this file exports, never through its other files. It has no routes of its own.
 *
 * - Where an order's total is computed: the trigger orders_keep_total (migration order_core);
 *   nothing in TypeScript computes one.
 * - The add-item path: `addItem` (and `addItemForHandle` for the live sidebar), both on the SQL
 *   function order_add_item (decision 025).
 */
export {
  findCustomerOrder,
  lastShippingAddressOf,
  listCustomerOrders,
  lockOrderForCustomerChange,
  type OrderViewer,
} from "./customer-view";
export {
  claimOrderLabel,
  clearOrderLabel,
  joinOrderToParcel,
  markClaimReminderSent,
  moveOrdersToUser,
  paymentColumns,
  recordOrderLabel,
  releaseOrderLabelClaim,
  setOrderAddress,
  startOrderPayment,
} from "./columns";
export { customerParcelsOf } from "./parcel-view";
export { availableProductsByRef, holdsItsPieces, isHeld, isPaidStatus, isRefSold } from "./held";
export { liveOrderFigures, paidPiecesCents } from "./revenue";
export { orderContentOf, orderLinesByOrder, orderLinesJson, orderLinesOf, type OrderLine } from "./lines";
export { alreadySold, breaksSoldOnce, orderNotFound, orderRefusal, SOLD_ONCE_INDEX } from "./refusals";
export {
  assertOrderMove,
  moveOrderStatus,
  writeOrderStatus,
  type OrderColumnsWithStatus,
  type OrderStatusMoveRequest,
  type WrittenOrder,
} from "./status";
export {
  addItem,
  addItemForHandle,
  createOrder,
  removeItem,
  setOrderStatus,
  type CreatedOrder,
  type HandleAdd,
  type LockedOrder,
  type NewOrder,
} from "./write";
