CREATE TABLE "payment_reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"refund_error" text,
	"refund_reference" text,
	"resolved_at" timestamp with time zone,
	"resolved_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_reviews_transaction_key" UNIQUE("transaction_id"),
	CONSTRAINT "payment_reviews_status_check" CHECK ("payment_reviews"."status" IN ('open', 'refunded', 'accepted')),
	CONSTRAINT "payment_reviews_reason_check" CHECK ("payment_reviews"."reason" IN ('wrong-amount', 'not-payable')),
	CONSTRAINT "payment_reviews_resolved_check" CHECK (("payment_reviews"."status" = 'open') = ("payment_reviews"."resolved_at" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "simulated_refunds" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reviews" ADD CONSTRAINT "payment_reviews_resolved_by_user_id_users_id_fk" FOREIGN KEY ("resolved_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_reviews_order_idx" ON "payment_reviews" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_reviews_open_idx" ON "payment_reviews" USING btree ("created_at") WHERE "payment_reviews"."status" = 'open';