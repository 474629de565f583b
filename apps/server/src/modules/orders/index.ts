/*
 * The orders core: the rules that carry money and stock, written once. Other modules use orders
 * through what this file exports, never through its other files. It has no routes of its own.
 *
 * - Where an order's total is computed: the trigger orders_keep_total (migration order_core);
 *   nothing in TypeScript computes one.
 * - The add-item path: `addItem` (and `addItemForHandle` for the live sidebar), both on the SQL
 *   function order_add_item (decision 025).
 * - Who writes the orders table: this module only (order-writers.test.ts reads every module for
 *   it). A status moves through `moveOrderStatus`, `setOrderStatus` (a cancellation) or
 *   `writeOrderStatus` (a move the caller decided: a payment, the customer's address or
 *   'Modifier', a preparation), each checked against the status table ORDER_STATUS_MOVES; the
 *   other columns through `columns.ts` (address, label, parcel, payment form, reminder, owner).
 *   The few writers left outside, and why:
 *   - the database's own functions and triggers: the total and the lines' version kept by
 *     trigger, the add-item path, and the claims engine, which empties an order
 *     ('cancelled-empty') or gives one its piece back in the transaction that moves the claim;
 *   - the seed (db/seed.ts) and the test factories, which make orders through `createOrder` and
 *     `addItem` and then write the status and dates of their story directly;
 *   - the benches' fillers, which insert orders by the thousand in plain SQL.
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
