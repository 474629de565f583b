import * as z from "zod/mini";
import { PAYMENT_PROVIDERS } from "../payment";
import { customerOrderSchema } from "./customer-orders";

/**
 * What the payment page needs to show the card form for one order: the provider's form token, made
 * for the amount the server computed. For Lyra, the browser library's endpoint and public key too.
 */
export const paymentFormSchema = z.discriminatedUnion("provider", [
  z.object({
    provider: z.literal("simulator"),
    formToken: z.string(),
    amountCents: z.int(),
  }),
  z.object({
    provider: z.literal("lyra"),
    formToken: z.string(),
    amountCents: z.int(),
    /** The static host of Lyra's browser library, e.g. https://static.payzen.eu */
    endpoint: z.string(),
    publicKey: z.string(),
  }),
]);
export type PaymentForm = z.infer<typeof paymentFormSchema>;
export const paymentFormResponseSchema = z.object({ payment: paymentFormSchema });
export type PaymentFormResponse = z.infer<typeof paymentFormResponseSchema>;

/** POST /api/payments/orders/:id/check: the order after asking the provider for its status. */
export const paymentCheckResponseSchema = z.object({ order: customerOrderSchema });
export type PaymentCheckResponse = z.infer<typeof paymentCheckResponseSchema>;

/** The simulator's card form, sent to the simulator as a card form sends to the bank. */
export const simulatorPayRequestSchema = z.object({
  formToken: z.string().check(z.minLength(1), z.maxLength(2000)),
  cardNumber: z.string().check(z.maxLength(40)),
  expiry: z.string().check(z.maxLength(10)),
  securityCode: z.string().check(z.maxLength(10)),
});
export type SimulatorPayRequest = z.infer<typeof simulatorPayRequestSchema>;

/** What Lyra's form reports to the page after a payment attempt (its `clientAnswer`, in part). */
export const paymentClientAnswerSchema = z.object({
  orderStatus: z.enum(["PAID", "UNPAID", "RUNNING"]),
  paymentOrderId: z.nullable(z.string()),
  errorCode: z.nullable(z.string()),
  errorMessage: z.nullable(z.string()),
});
export type PaymentClientAnswer = z.infer<typeof paymentClientAnswerSchema>;
export const simulatorPayResponseSchema = z.object({ clientAnswer: paymentClientAnswerSchema });

export const paymentProviderSchema = z.enum(PAYMENT_PROVIDERS);
