import { LYRA_TEST_CARDS } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Queryable } from "../../db/client";
import { simulatedPayments, simulatedRefunds } from "../../db/schema";
import { readLyraNotification } from "./lyra-answer";
import { PaymentProviderError, type PaymentProvider, type PaymentRequest } from "./payment-provider";

/** A card number as the provider keeps it: the first six and last four digits. */
export function maskedPan(digits: string): string {
  return `${digits.slice(0, 6)}${"X".repeat(Math.max(0, digits.length - 10))}${digits.slice(-4)}`;
}

/** Payments made with this test card are refunded by nobody: how a refusal is shown and tested. */
const REFUND_REFUSED_PAN = maskedPan(LYRA_TEST_CARDS.refundRefused);

/** The simulator's refusal codes, in the shape of Lyra's (`errorCode` of an ERROR answer). */
export const SIMULATOR_REFUND_REFUSALS = {
  unknownTransaction: "SIM_UNKNOWN_TRANSACTION",
  alreadyRefunded: "SIM_ALREADY_REFUNDED",
  refusedCard: "SIM_REFUND_REFUSED",
} as const;

/** How long the simulator's refunds may take before the app reads them back. */
export const SIMULATOR_ANSWER_TIMEOUT_MS = 5_000;

/** Lyra's form tokens live 15 minutes; the simulator's too. */
export const SIMULATOR_TOKEN_LIFETIME_MS = 15 * 60 * 1000;

/** The simulator's shop keys, derived from the app's secret so every instance shares them. */
export interface SimulatorKeys {
  /** Signs the notifications, as Lyra's REST password does. */
  password: string;
  /** Signs the form tokens. */
  tokenKey: string;
}

export function simulatorKeys(authSecret: string): SimulatorKeys {
  const derive = (purpose: string) => createHmac("sha256", authSecret).update(purpose).digest("hex");
  return {
    password: `testpassword_${derive("vitrine:payment-simulator:password")}`,
    tokenKey: derive("vitrine:payment-simulator:form-token"),
  };
}

/** What a simulator form token carries: the payment the server opened, signed. */
const formTokenPayloadSchema = z.object({
  /** Names this form: it pays once. */
  tokenId: z.string(),
  orderId: z.string(),
  /** The order's lines it was opened for: a form opened before a change no longer pays. */
  itemsVersion: z.number().int(),
  amountCents: z.number().int(),
  currency: z.string(),
  email: z.string(),
  reference: z.string(),
  expiresAt: z.number(),
});
export type SimulatorFormToken = z.infer<typeof formTokenPayloadSchema>;

function sign(payload: string, key: string): string {
  return createHmac("sha256", key).update(payload).digest("base64url");
}

export function issueSimulatorToken(request: PaymentRequest, keys: SimulatorKeys, now = Date.now()): string {
  const payload: SimulatorFormToken = {
    tokenId: randomUUID(),
    orderId: request.orderId,
    itemsVersion: request.itemsVersion,
    amountCents: request.amountCents,
    currency: request.currency,
    email: request.customer.email,
    reference: request.customer.reference,
    expiresAt: now + SIMULATOR_TOKEN_LIFETIME_MS,
  };
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  return `${encoded}.${sign(encoded, keys.tokenKey)}`;
}

/** The token's payment when its signature holds and it has not expired; null otherwise. */
export function readSimulatorToken(
  token: string,
  keys: SimulatorKeys,
  now = Date.now(),
): SimulatorFormToken | null {
  const [encoded = "", signature = "", ...rest] = token.split(".");
  if (rest.length > 0 || !encoded || !signature) return null;
  const expected = Buffer.from(sign(encoded, keys.tokenKey));
  const received = Buffer.from(signature);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(encoded, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  const parsed = formTokenPayloadSchema.safeParse(json);
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  return parsed.data;
}

/**
 * The default provider: form tokens signed by the app, transactions in its own table, and
 * notifications in Lyra's exact format and signature (see card-simulator.ts).
 */
export function createSimulatorProvider({
  db,
  keys,
}: {
  db: Queryable;
  keys: SimulatorKeys;
}): PaymentProvider {
  return {
    name: "simulator",
    createFormToken: async (request) => issueSimulatorToken(request, keys),
    readNotification: (fields) => readLyraNotification(fields, keys.password),
    async getTransactions(orderId) {
      const rows = await db.select().from(simulatedPayments).where(eq(simulatedPayments.orderRef, orderId));
      return rows.map((row) => ({
        id: row.transactionId,
        amountCents: row.amountCents,
        currency: row.currency,
        status: row.status,
      }));
    },
    /**
     * Refunds part or all of a paid transaction of its book, as often as asked while the refunds
     * stay within what it paid; refuses an unknown or unpaid transaction, an amount above the
     * payment, an amount above what is left (alreadyRefunded), and every payment made with
     * LYRA_TEST_CARDS.refundRefused.
     */
    async refund(request) {
      const [payment] = await db
        .select()
        .from(simulatedPayments)
        .where(eq(simulatedPayments.transactionId, request.transactionId));
      if (!payment || payment.status !== "PAID" || request.amountCents > payment.amountCents) {
        throw new PaymentProviderError(
          `simulator: no paid transaction ${request.transactionId} of that amount`,
          SIMULATOR_REFUND_REFUSALS.unknownTransaction,
        );
      }
      if (payment.maskedPan === REFUND_REFUSED_PAN) {
        throw new PaymentProviderError(
          "simulator: this test card's payments are never refunded",
          SIMULATOR_REFUND_REFUSALS.refusedCard,
        );
      }
      const refundId = randomUUID().replace(/-/g, "");
      // One statement: the refund is written only if it fits in what the payment has left.
      const { rows } = await db.execute<{ refund_id: string }>(sql`
        INSERT INTO ${simulatedRefunds} (refund_id, transaction_id, amount_cents, currency)
        SELECT ${refundId}, ${payment.transactionId}, ${request.amountCents}, ${request.currency}
        WHERE (SELECT coalesce(sum(amount_cents), 0) FROM ${simulatedRefunds}
               WHERE transaction_id = ${payment.transactionId}) + ${request.amountCents} <= ${payment.amountCents}
        RETURNING refund_id`);
      if (rows.length === 0) {
        throw new PaymentProviderError(
          `simulator: transaction ${request.transactionId} already refunded`,
          SIMULATOR_REFUND_REFUSALS.alreadyRefunded,
        );
      }
      return { reference: refundId, kind: "refund" };
    },
    async refundsOf({ transactionId }) {
      const rows = await db
        .select()
        .from(simulatedRefunds)
        .where(eq(simulatedRefunds.transactionId, transactionId));
      return rows.map((row) => ({ reference: row.refundId, amountCents: row.amountCents, kind: "refund" }));
    },
    // The simulator answers from the app's own database: a call that takes this long has failed.
    answerTimeoutMs: SIMULATOR_ANSWER_TIMEOUT_MS,
    browserSettings: () => null,
  };
}
