import {
  cardDigits,
  cardExpiryError,
  cardNumberError,
  LYRA_TEST_CARDS,
  paymentFormOutdatedMessage,
  paymentMessages,
  securityCodeError,
  type PaymentClientAnswer,
  type SimulatorPayRequest,
} from "@vitrine/domain";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Queryable } from "../../db/client";
import { pgErrorCode, UNIQUE_VIOLATION } from "../../db/pg-error";
import { orders, simulatedPayments } from "../../db/schema";
import { DomainError } from "../../http/errors";
import { lyraSignature } from "./lyra-answer";
import {
  maskedPan,
  readSimulatorToken,
  type SimulatorFormToken,
  type SimulatorKeys,
} from "./simulator-provider";

export const cardSimulatorMessages = {
  expiredForm: "Le formulaire de paiement a expiré. Veuillez réessayer.",
  refused: "Paiement refusé par la banque émettrice de la carte.",
} as const;

const formAlreadyUsed = () => new DomainError("CONFLICT", paymentMessages.formAlreadyUsed);

/** Lyra's test cards that end in a payment (the 3-D Secure ones pass their challenge here). */
const ACCEPTED_CARDS = new Set<string>([
  LYRA_TEST_CARDS.accepted,
  LYRA_TEST_CARDS.refundRefused,
  "4970110000000021",
  "5100010000000049",
]);

/** Lyra's refusal codes for a card the bank declined (docs/integrations.md, "Refused example"). */
const REFUSAL = { errorCode: "ACQ_001", detailedErrorCode: "51" } as const;

/** The form fields a Lyra IPN carries. */
export type IpnFields = Record<
  "kr-hash" | "kr-hash-algorithm" | "kr-hash-key" | "kr-answer-type" | "kr-answer",
  string
>;

/** Posts an IPN to the app's notification endpoint; resolves to the HTTP status it answered. */
export type IpnDelivery = (fields: IpnFields) => Promise<number>;

/** Lyra's `kr-answer` (V4/Payment) for one transaction, field for field. */
export function lyraPaymentAnswer(input: {
  shopId: string;
  payment: Omit<SimulatorFormToken, "tokenId" | "itemsVersion">;
  transactionId: string;
  paid: boolean;
  pan: string;
  now: Date;
}) {
  const { payment, paid } = input;
  return {
    shopId: input.shopId,
    orderCycle: paid ? "CLOSED" : "OPEN",
    orderStatus: paid ? "PAID" : "UNPAID",
    serverDate: input.now.toISOString().replace(/\.\d{3}Z$/, "+00:00"),
    orderDetails: {
      orderTotalAmount: payment.amountCents,
      orderEffectiveAmount: payment.amountCents,
      orderCurrency: payment.currency,
      mode: "TEST",
      orderId: payment.orderId,
      _type: "V4/OrderDetails",
    },
    customer: { email: payment.email, reference: payment.reference, _type: "V4/Customer/Customer" },
    transactions: [
      {
        shopId: input.shopId,
        uuid: input.transactionId,
        amount: payment.amountCents,
        currency: payment.currency,
        paymentMethodType: "CARD",
        status: paid ? "PAID" : "UNPAID",
        detailedStatus: paid ? "AUTHORISED" : "REFUSED",
        operationType: "DEBIT",
        errorCode: paid ? null : REFUSAL.errorCode,
        errorMessage: paid ? null : "refused",
        detailedErrorCode: paid ? null : REFUSAL.detailedErrorCode,
        detailedErrorMessage: paid ? null : "Insufficient funds or credit limit exceeded",
        transactionDetails: {
          cardDetails: { pan: input.pan, effectiveBrand: input.pan.startsWith("5") ? "MASTERCARD" : "CB" },
        },
        _type: "V4/PaymentTransaction",
      },
    ],
    _type: "V4/Payment",
  };
}

/** The IPN's fields, signed with the shop password as Lyra signs them. */
export function signedIpnFields(rawAnswer: string, password: string): IpnFields {
  return {
    "kr-hash": lyraSignature(rawAnswer, password),
    "kr-hash-algorithm": "sha256_hmac",
    "kr-hash-key": "password",
    "kr-answer-type": "V4/Payment",
    "kr-answer": rawAnswer,
  };
}

function cardFieldErrors(request: SimulatorPayRequest): Record<string, string> | null {
  const fields: Record<string, string> = {};
  const number = cardNumberError(request.cardNumber);
  const expiry = cardExpiryError(request.expiry);
  const code = securityCodeError(request.securityCode);
  if (number) fields.cardNumber = number;
  if (expiry) fields.expiry = expiry;
  if (code) fields.securityCode = code;
  return Object.keys(fields).length > 0 ? fields : null;
}

/**
 * The bank's side of the simulator: takes the card typed in our card form, decides as Lyra's test
 * environment would, records the transaction, notifies the app exactly as Lyra's IPN does, and
 * answers the page as Lyra's form reports to it.
 */
export function createCardSimulator({ db, keys }: { db: Queryable; keys: SimulatorKeys }) {
  /** A form that already paid, or one opened before the order's lines changed, pays nothing. */
  async function refuseUsedOrOutdated(payment: SimulatorFormToken): Promise<void> {
    const [used] = await db
      .select({ transactionId: simulatedPayments.transactionId })
      .from(simulatedPayments)
      .where(and(eq(simulatedPayments.formTokenId, payment.tokenId), eq(simulatedPayments.status, "PAID")));
    if (used) throw formAlreadyUsed();
    const [order] = await db
      .select({ itemsVersion: orders.itemsVersion, totalAmountCents: orders.totalAmountCents })
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    if (order && order.itemsVersion !== payment.itemsVersion) {
      throw new DomainError("CONFLICT", paymentFormOutdatedMessage(order.totalAmountCents));
    }
  }

  return {
    async pay(request: SimulatorPayRequest, deliver: IpnDelivery): Promise<PaymentClientAnswer> {
      const payment = readSimulatorToken(request.formToken, keys);
      if (!payment) throw new DomainError("VALIDATION_FAILED", cardSimulatorMessages.expiredForm);
      await refuseUsedOrOutdated(payment);
      const fieldErrors = cardFieldErrors(request);
      if (fieldErrors) {
        const [first = cardSimulatorMessages.expiredForm] = Object.values(fieldErrors);
        throw new DomainError("VALIDATION_FAILED", first, fieldErrors);
      }

      const digits = cardDigits(request.cardNumber);
      const paid = ACCEPTED_CARDS.has(digits);
      const transactionId = randomUUID().replace(/-/g, "");
      const pan = maskedPan(digits);
      await db
        .insert(simulatedPayments)
        .values({
          transactionId,
          orderRef: payment.orderId,
          amountCents: payment.amountCents,
          currency: payment.currency,
          status: paid ? "PAID" : "UNPAID",
          detailedStatus: paid ? "AUTHORISED" : "REFUSED",
          errorCode: paid ? null : REFUSAL.errorCode,
          maskedPan: pan,
          formTokenId: payment.tokenId,
        })
        .catch((error: unknown) => {
          // The same form paying twice at the same moment: the partial unique index keeps one.
          throw pgErrorCode(error) === UNIQUE_VIOLATION ? formAlreadyUsed() : error;
        });

      const answer = lyraPaymentAnswer({
        shopId: "simulator",
        payment,
        transactionId,
        paid,
        pan,
        now: new Date(),
      });
      // A notification the app fails to take is caught up by its status check, as with Lyra.
      await deliver(signedIpnFields(JSON.stringify(answer), keys.password)).catch(() => 0);

      return {
        orderStatus: paid ? "PAID" : "UNPAID",
        paymentOrderId: transactionId,
        errorCode: paid ? null : REFUSAL.errorCode,
        errorMessage: paid ? null : cardSimulatorMessages.refused,
      };
    },
  };
}

export type CardSimulator = ReturnType<typeof createCardSimulator>;
