import type { PaymentProviderName } from "@vitrine/domain";

/** What a provider needs to open a payment for one order; the amount is the server's own. */
export interface PaymentRequest {
  /** Our order id: the provider reports it back in every notification. */
  orderId: string;
  amountCents: number;
  currency: "EUR";
  /** The version of the order's lines the amount is for (orders.items_version). */
  itemsVersion: number;
  customer: {
    email: string;
    /** Our user id. */
    reference: string;
    billing: {
      firstName: string;
      lastName: string;
      address: string;
      zipCode: string;
      city: string;
      phoneNumber: string;
    } | null;
  };
  /** Where the provider posts its payment notification (IPN). */
  ipnTargetUrl: string;
}

/** One transaction of an order as the provider reports it (Lyra's V4 transaction, in part). */
export interface ProviderTransaction {
  id: string;
  amountCents: number;
  currency: string;
  /** PAID, UNPAID, RUNNING... */
  status: string;
}

/** Money to give back on one transaction of ours, in full. */
export interface RefundRequest {
  /** The provider's transaction (Lyra's uuid). */
  transactionId: string;
  amountCents: number;
  currency: string;
  /** Shown in the provider's back office beside the refund. */
  comment: string;
}

/** What the provider did: refunded the money, or cancelled a payment not yet captured. */
export interface RefundResult {
  /** The provider's reference of the operation. */
  reference: string;
  kind: "refund" | "cancellation";
}

/** Money the provider gave back on one payment, as it reports it when read back. */
export interface ProviderRefund {
  /** The provider's reference of the operation (what `refund` answered). */
  reference: string;
  amountCents: number;
  kind: "refund" | "cancellation";
}

/** A notification whose signature checked out, read into the fields we act on. */
export interface VerifiedNotification {
  orderRef: string | null;
  /** PAID or UNPAID. */
  orderStatus: string;
  orderTotalCents: number | null;
  currency: string | null;
  transaction: ProviderTransaction | null;
}

export type NotificationReading =
  | { verified: true; notification: VerifiedNotification }
  | { verified: false; reason: "missing-fields" | "bad-signature" | "unreadable-answer" };

/**
 * The provider refused (with its code: nothing was done) or did not answer (without a code: the
 * operation may or may not have been made); the message is for the log, never the customer.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}

/** docs/design.md section 3: one interface, the real Lyra adapter and the local simulator. */
export interface PaymentProvider {
  name: PaymentProviderName;
  /** A form token for the browser's card form (Lyra: CreatePayment). Throws PaymentProviderError. */
  createFormToken(request: PaymentRequest): Promise<string>;
  /** Checks a notification's signature (HMAC-SHA256 of the raw `kr-answer`) and reads it. */
  readNotification(fields: Record<string, string>): NotificationReading;
  /** The order's transactions as the provider knows them (Lyra: Order/Get). Throws PaymentProviderError. */
  getTransactions(orderId: string): Promise<ProviderTransaction[]>;
  /**
   * Gives a transaction's money back (Lyra: Transaction/CancelOrRefund). Throws
   * PaymentProviderError: with the provider's code when it refused, without when unreachable.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * What the provider gave back on one payment of an order, read back from it (Lyra: Order/Get):
   * how a refund whose answer never came is settled. Throws PaymentProviderError.
   */
  refundsOf(payment: {
    orderId: string;
    transactionId: string;
    paidCents: number;
  }): Promise<ProviderRefund[]>;
  /** How long a call waits for the provider's answer before giving up on it. */
  answerTimeoutMs: number;
  /** What the browser needs beside the token: Lyra's library host and public key. */
  browserSettings(): { endpoint: string; publicKey: string } | null;
}
