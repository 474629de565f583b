import { z } from "zod";
import type { LyraSettings } from "../../config";
import { readLyraNotification } from "./lyra-answer";
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentRequest,
  type ProviderRefund,
  type ProviderTransaction,
  type RefundRequest,
  type RefundResult,
} from "./payment-provider";

/** Lyra's REST API answers HTTP 200 with `status: "ERROR"` on refusals (docs/integrations.md). */
const lyraReplySchema = z.object({
  status: z.enum(["SUCCESS", "ERROR"]),
  answer: z.record(z.string(), z.unknown()),
});
const lyraErrorSchema = z.object({ errorCode: z.string().nullish(), errorMessage: z.string().nullish() });
const formTokenAnswerSchema = z.object({ formToken: z.string().min(1) });
const orderAnswerSchema = z.object({
  transactions: z
    .array(
      z.object({
        uuid: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        status: z.string(),
        operationType: z.string().nullish(),
        detailedStatus: z.string().nullish(),
        transactionDetails: z.object({ parentTransactionUuid: z.string().nullish() }).nullish(),
      }),
    )
    .default([]),
});

/** A refund transaction (CREDIT) that Lyra did not refuse: the money went or is going back. */
const REFUSED_DETAILED_STATUSES = new Set(["REFUSED", "ERROR", "CANCELLED", "EXPIRED"]);

/**
 * Transaction/CancelOrRefund answers the V4/PaymentTransaction it made or changed: a new CREDIT
 * transaction for a refund, the payment itself (detailedStatus CANCELLED) for a cancellation.
 */
const cancelOrRefundAnswerSchema = z.object({
  uuid: z.string().min(1),
  operationType: z.string().nullish(),
  detailedStatus: z.string().nullish(),
});

/** The real provider: Lyra REST V4 (PayZen, Systempay), HTTP Basic `shopId:password`. */
export function createLyraProvider(settings: LyraSettings, fetchImpl: typeof fetch = fetch): PaymentProvider {
  const authorization = `Basic ${Buffer.from(`${settings.shopId}:${settings.password}`).toString("base64")}`;

  async function call(path: string, body: unknown): Promise<Record<string, unknown>> {
    let response: Response;
    try {
      response = await fetchImpl(`${settings.apiUrl}${path}`, {
        method: "POST",
        headers: { authorization, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(settings.answerTimeoutMs),
      });
    } catch (error) {
      throw new PaymentProviderError(`Lyra ${path} unreachable: ${String(error)}`);
    }
    if (!response.ok) throw new PaymentProviderError(`Lyra ${path} answered HTTP ${response.status}`);
    const reply = lyraReplySchema.safeParse(await response.json().catch(() => null));
    if (!reply.success) throw new PaymentProviderError(`Lyra ${path} answered an unreadable body`);
    if (reply.data.status === "ERROR") {
      const error = lyraErrorSchema.safeParse(reply.data.answer);
      const code = error.success ? (error.data.errorCode ?? undefined) : undefined;
      const message = error.success ? (error.data.errorMessage ?? "") : "";
      throw new PaymentProviderError(`Lyra ${path} refused: ${code ?? "?"} ${message}`, code);
    }
    return reply.data.answer;
  }

  async function orderTransactions(orderId: string) {
    const answer = await call("/api-payment/V4/Order/Get", { orderId });
    const parsed = orderAnswerSchema.safeParse(answer);
    if (!parsed.success) throw new PaymentProviderError("Lyra Order/Get answered unreadable transactions");
    return parsed.data.transactions;
  }

  return {
    name: "lyra",
    answerTimeoutMs: settings.answerTimeoutMs,

    async createFormToken(request: PaymentRequest) {
      const billing = request.customer.billing;
      const answer = await call("/api-payment/V4/Charge/CreatePayment", {
        amount: request.amountCents,
        currency: request.currency,
        orderId: request.orderId,
        formAction: "PAYMENT",
        ipnTargetUrl: request.ipnTargetUrl,
        customer: {
          email: request.customer.email,
          reference: request.customer.reference,
          billingDetails: billing
            ? { ...billing, country: "FR", language: "FR" }
            : { country: "FR", language: "FR" },
        },
      });
      const parsed = formTokenAnswerSchema.safeParse(answer);
      if (!parsed.success) throw new PaymentProviderError("Lyra CreatePayment answered without a form token");
      return parsed.data.formToken;
    },

    readNotification: (fields) => readLyraNotification(fields, settings.password),

    async getTransactions(orderId: string): Promise<ProviderTransaction[]> {
      const transactions = await orderTransactions(orderId);
      return transactions.map((transaction) => ({
        id: transaction.uuid,
        amountCents: transaction.amount,
        currency: transaction.currency,
        status: transaction.status,
      }));
    },

    /*
     * POST {apiUrl}/api-payment/V4/Transaction/CancelOrRefund, Basic auth as every call:
     *   request  { uuid, amount, currency, resolutionMode: "AUTO", comment }
     *            uuid: the payment's transaction; amount in cents: what the caller asks, the
     *            whole payment or part of it (a cancelled order's rest, a combined parcel's fee);
     *            AUTO: Lyra cancels a payment not yet captured (in part: its amount is lowered)
     *            and refunds a captured one.
     *   success  { status: "SUCCESS", answer: V4/PaymentTransaction { uuid, operationType,
     *            detailedStatus, amount, currency, ... } }: operationType CREDIT (a new refund
     *            transaction) or DEBIT (the payment itself: CANCELLED when cancelled whole, still
     *            AUTHORISED with a lower amount when cancelled in part).
     *   refusal  { status: "ERROR", answer: { errorCode, errorMessage, detailedErrorCode, ... } },
     *            e.g. PSP_010 (unknown transaction) or a transaction already refunded.
     */
    async refund(request: RefundRequest): Promise<RefundResult> {
      const answer = await call("/api-payment/V4/Transaction/CancelOrRefund", {
        uuid: request.transactionId,
        amount: request.amountCents,
        currency: request.currency,
        resolutionMode: "AUTO",
        comment: request.comment,
      });
      const parsed = cancelOrRefundAnswerSchema.safeParse(answer);
      if (!parsed.success) throw new PaymentProviderError("Lyra CancelOrRefund answered no transaction");
      // The payment itself came back (DEBIT): cancelled, whole or in part, rather than refunded.
      const cancelled =
        parsed.data.operationType === "DEBIT" ||
        (parsed.data.operationType !== "CREDIT" && parsed.data.detailedStatus === "CANCELLED");
      return { reference: parsed.data.uuid, kind: cancelled ? "cancellation" : "refund" };
    },

    /*
     * Order/Get lists every transaction of the order: a refund is a CREDIT whose
     * transactionDetails.parentTransactionUuid is the payment; a cancellation is the payment
     * itself, CANCELLED (all of it) or AUTHORISED for less than it was (the rest cancelled).
     */
    async refundsOf({ orderId, transactionId, paidCents }) {
      const transactions = await orderTransactions(orderId);
      const refunds: ProviderRefund[] = transactions
        .filter(
          (transaction) =>
            transaction.operationType === "CREDIT" &&
            transaction.transactionDetails?.parentTransactionUuid === transactionId &&
            !REFUSED_DETAILED_STATUSES.has(transaction.detailedStatus ?? ""),
        )
        .map((transaction) => ({
          reference: transaction.uuid,
          amountCents: transaction.amount,
          kind: "refund",
        }));
      const payment = transactions.find((transaction) => transaction.uuid === transactionId);
      if (payment) {
        const cancelledCents =
          payment.detailedStatus === "CANCELLED" ? paidCents : Math.max(0, paidCents - payment.amount);
        if (cancelledCents > 0)
          refunds.push({ reference: payment.uuid, amountCents: cancelledCents, kind: "cancellation" });
      }
      return refunds;
    },

    browserSettings: () => ({ endpoint: settings.staticUrl, publicKey: settings.publicKey }),
  };
}
