CREATE TABLE "payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"order_ref" text,
	"transaction_id" text,
	"provider_order_status" text,
	"amount_cents" integer,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_payments" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"order_ref" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"detailed_status" text NOT NULL,
	"error_code" text,
	"masked_pan" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_ref");--> statement-breakpoint
CREATE INDEX "simulated_payments_order_idx" ON "simulated_payments" USING btree ("order_ref");