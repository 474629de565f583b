import { adminOrderListMessages, adminOrderMessages, liveSellingMessages } from "@vitrine/domain";
import {
  FOREIGN_KEY_VIOLATION,
  pgErrorCode,
  pgErrorConstraint,
  pgRaised,
  UNIQUE_VIOLATION,
} from "../../db/pg-error";
import { DomainError } from "../../http/errors";

/** The partial unique index that sells each product once (decision 002). */
export const SOLD_ONCE_INDEX = "order_items_product_sold_once";

const USER_FOREIGN_KEY = "orders_user_id_users_id_fk";

/**
 * Whether a write failed on the sold-once index (or on the add-item path's check that raises the
 * same error ahead of it): another order holds the piece at that moment.
 */
export function breaksSoldOnce(error: unknown): boolean {
  return pgErrorCode(error) === UNIQUE_VIOLATION && pgErrorConstraint(error) === SOLD_ONCE_INDEX;
}

export const orderNotFound = () => new DomainError("NOT_FOUND", adminOrderMessages.notFound);

export const alreadySold = () =>
  new DomainError("CONFLICT", adminOrderMessages.alreadySold, { productId: adminOrderMessages.alreadySold });

/** The spec's refusal when the product cannot join the order's live (null: no such product). */
export const notInLive = (ref: number | null) => {
  const message = adminOrderMessages.productNotInLive(ref);
  return new DomainError("VALIDATION_FAILED", message, { productId: message });
};

const RAISED_PREFIX = "order:";

/**
 * The one refusal map: what the orders functions of the database raise ('order:<reason>', the
 * product's reference in HINT when there is one) or the constraint their writes ran into, in the
 * spec's words. Anything else is not a refusal and is returned as it is.
 */
export function orderRefusal(error: unknown): unknown {
  const refusal = refusalOf(error);
  // The database's error stays the refusal's cause: what it was (a unique violation...) still shows.
  return refusal instanceof DomainError
    ? new DomainError(refusal.code, refusal.message, refusal.fields, { cause: error })
    : refusal;
}

function refusalOf(error: unknown): unknown {
  const raised = pgRaised(error);
  const reason = raised?.message.startsWith(RAISED_PREFIX)
    ? raised.message.slice(RAISED_PREFIX.length)
    : undefined;
  switch (reason) {
    case "order-not-found":
      return orderNotFound();
    case "items-locked":
      return new DomainError("CONFLICT", adminOrderMessages.itemsLocked);
    case "not-in-live":
      return notInLive(raised?.hint ? Number(raised.hint) : null);
    case "already-in-order":
      return new DomainError("CONFLICT", adminOrderMessages.alreadyInOrder, {
        productId: adminOrderMessages.alreadyInOrder,
      });
    // The live the sidebar works on is gone: the page's subject, not a field, is missing.
    case "live-not-found":
      return new DomainError("NOT_FOUND", adminOrderListMessages.liveNotFound, {
        liveId: adminOrderListMessages.liveNotFound,
      });
    // A new order's live is a choice of the form.
    case "new-order-live-not-found":
      return new DomainError("VALIDATION_FAILED", adminOrderListMessages.liveNotFound, {
        liveId: adminOrderListMessages.liveNotFound,
      });
    case "live-not-active":
      return new DomainError("CONFLICT", liveSellingMessages.liveNotActive, {
        liveId: liveSellingMessages.liveNotActive,
      });
  }
  if (breaksSoldOnce(error)) return alreadySold();
  if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION && pgErrorConstraint(error) === USER_FOREIGN_KEY) {
    return new DomainError("VALIDATION_FAILED", adminOrderListMessages.userMissing, {
      userId: adminOrderListMessages.userMissing,
    });
  }
  return error;
}
