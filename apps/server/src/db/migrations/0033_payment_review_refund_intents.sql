-- A payment to review is refunded as an order's refund is (decision 034): marked 'requested'
-- before the provider is asked, then settled; 'to-check' when no answer came, until a job has
-- read the payment back from the provider. Neither refunded again nor accepted meanwhile.
ALTER TABLE "payment_reviews" ADD COLUMN "refund_state" text;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD COLUMN "refund_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD COLUMN "refund_requested_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_refund_requested_by_user_id_users_id_fk" FOREIGN KEY ("refund_requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_refund_state_check" CHECK ("payment_reviews"."refund_state" IS NULL OR ("payment_reviews"."refund_state" IN ('requested', 'to-check') AND "payment_reviews"."status" = 'open'));
