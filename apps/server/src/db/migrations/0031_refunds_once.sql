-- A refund is written 'requested' before the provider is asked, then settled 'done', 'refused'
-- or 'to-check' (the answer did not come: a job reads the payment back from the provider).
ALTER TABLE "order_refunds" DROP CONSTRAINT "order_refunds_state_check";--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_state_check" CHECK ("order_refunds"."state" IN ('requested', 'to-check', 'done', 'refused'));--> statement-breakpoint
-- Keyed by what it pays back: a payment's rest when its order is cancelled, a payment's shipping
-- fee when its order joins a parcel. A re-paid order's second payment is its own key; a fee given
-- back once is never given again, whatever combines and splits came between.
DROP INDEX "order_refunds_once_per_reason";--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_once_per_payment" ON "order_refunds" USING btree ("transaction_id","reason") WHERE "order_refunds"."state" <> 'refused';--> statement-breakpoint
-- One refund of a payment in flight at a time: what the provider gave back beyond the settled
-- refunds then belongs to that one, which is how an unanswered refund is read back.
CREATE UNIQUE INDEX "order_refunds_one_in_flight" ON "order_refunds" USING btree ("transaction_id") WHERE "order_refunds"."state" IN ('requested', 'to-check');--> statement-breakpoint
ALTER TABLE "order_refunds" ADD COLUMN "settled_at" timestamp with time zone;
