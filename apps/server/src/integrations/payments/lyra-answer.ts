import { createHmac, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { NotificationReading } from "./payment-provider";

/**
 * The parts of Lyra's `kr-answer` (V4/Payment) that we read. Lyra sends many more fields; they are
 * kept in the signed string but not needed here.
 */
const lyraAnswerSchema = z.object({
  orderStatus: z.string(),
  orderDetails: z
    .object({
      orderId: z.string().nullish(),
      orderTotalAmount: z.number().int().nullish(),
      orderCurrency: z.string().nullish(),
    })
    .nullish(),
  transactions: z
    .array(
      z.object({
        uuid: z.string(),
        amount: z.number().int(),
        currency: z.string(),
        status: z.string(),
      }),
    )
    .nullish(),
});

/** Lyra's signature: hex HMAC-SHA256 of the raw answer string, exactly as received. */
export function lyraSignature(rawAnswer: string, key: string): string {
  return createHmac("sha256", key).update(rawAnswer, "utf8").digest("hex");
}

function sameSignature(expected: string, received: string): boolean {
  const a = Buffer.from(expected, "utf8");
  const b = Buffer.from(received.toLowerCase(), "utf8");
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Reads an IPN's form fields (`kr-hash`, `kr-hash-algorithm`, `kr-hash-key`, `kr-answer`):
 * verified only when signed with the shop password (`kr-hash-key=password`), as Lyra signs its
 * server-to-server notifications. An answer signed with the HMAC key is a browser return: the
 * customer's browser receives it, so it proves nothing when posted here.
 */
export function readLyraNotification(fields: Record<string, string>, password: string): NotificationReading {
  const rawAnswer = fields["kr-answer"];
  const hash = fields["kr-hash"];
  const algorithm = fields["kr-hash-algorithm"];
  if (!rawAnswer || !hash || algorithm !== "sha256_hmac")
    return { verified: false, reason: "missing-fields" };
  if (fields["kr-hash-key"] !== "password" || !password) return { verified: false, reason: "bad-signature" };
  if (!sameSignature(lyraSignature(rawAnswer, password), hash)) {
    return { verified: false, reason: "bad-signature" };
  }
  let json: unknown;
  try {
    json = JSON.parse(rawAnswer);
  } catch {
    return { verified: false, reason: "unreadable-answer" };
  }
  const parsed = lyraAnswerSchema.safeParse(json);
  if (!parsed.success) return { verified: false, reason: "unreadable-answer" };
  const answer = parsed.data;
  const [transaction] = answer.transactions ?? [];
  return {
    verified: true,
    notification: {
      orderRef: answer.orderDetails?.orderId ?? null,
      orderStatus: answer.orderStatus,
      orderTotalCents: answer.orderDetails?.orderTotalAmount ?? null,
      currency: answer.orderDetails?.orderCurrency ?? null,
      transaction: transaction
        ? {
            id: transaction.uuid,
            amountCents: transaction.amount,
            currency: transaction.currency,
            status: transaction.status,
          }
        : null,
    },
  };
}
