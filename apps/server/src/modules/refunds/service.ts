import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../db/client";
import type { JobQueue } from "../../db/job-queue";
import type { PaymentProvider } from "../../integrations/payments/payment-provider";
import { checkRefund, REFUND_CHECK_TASK, resumeRefundChecks } from "./refund";

function payloadRefundId(payload: unknown): string | undefined {
  if (typeof payload !== "object" || payload === null) return undefined;
  const value: unknown = (payload as Record<string, unknown>).refundId;
  return typeof value === "string" ? value : undefined;
}

/** The refund check job, on the app's queue: it runs on one instance, also after a restart. */
export function createRefundCheckService({
  db,
  jobs,
  provider,
  log,
}: {
  db: Database;
  jobs: JobQueue;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
}) {
  jobs.define(REFUND_CHECK_TASK, async (payload) => {
    const refundId = payloadRefundId(payload);
    if (!refundId) throw new Error("refund check: no refund id");
    await checkRefund(db, provider, refundId, log);
  });
  return {
    resumeChecks: () => resumeRefundChecks(db, provider),
  };
}

export type RefundCheckService = ReturnType<typeof createRefundCheckService>;
