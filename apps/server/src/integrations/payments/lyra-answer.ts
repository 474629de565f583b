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
 * verified only when the hash is the HMAC of the raw answer with the key `kr-hash-key` names.
 */
export function readLyraNotification(
  fields: Record<string, string>,
  keys: { password: string; hmacKey: string },
): NotificationReading {
  const rawAnswer = fields["kr-answer"];
  const hash = fields["kr-hash"];
  const algorithm = fields["kr-hash-algorithm"];
  const keyName = fields["kr-hash-key"];
  if (!rawAnswer || !hash || algorithm !== "sha256_hmac")
    return { verified: false, reason: "missing-fields" };
  // IPNs are signed with the REST password; browser returns with the HMAC key.
  const key = keyName === "sha256_hmac" ? keys.hmacKey : keys.password;
  if (!key || !sameSignature(lyraSignature(rawAnswer, key), hash)) {
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
