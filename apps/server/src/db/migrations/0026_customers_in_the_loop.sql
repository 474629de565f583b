CREATE TABLE "customer_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"live_id" uuid NOT NULL,
	"order_id" uuid,
	"claim_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "customer_notices_kind" CHECK ("customer_notices"."kind" in ('claim-reserved', 'claim-reminder', 'claim-expired', 'claim-handed-over'))
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sent_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "web_push_keys" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_push_keys_one_row" CHECK ("web_push_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "message_templates" ALTER COLUMN "type" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "claim_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "handle_proof_code" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unpaid_holds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "handed_over_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_claim_id_live_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."live_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_notices_unsent_idx" ON "customer_notices" USING btree ("user_id","created_at") WHERE "customer_notices"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "customer_notices_claim_idx" ON "customer_notices" USING btree ("claim_id") WHERE "customer_notices"."claim_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "customer_notices_order_idx" ON "customer_notices" USING btree ("order_id") WHERE "customer_notices"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_handle_proof_code_key" ON "users" USING btree ("handle_proof_code") WHERE "users"."handle_proof_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "live_claims_live_handle_idx" ON "live_claims" USING btree ("live_id","handle");--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_type" CHECK ("message_templates"."type" in ('to-validate', 'to-pay', 'paid', 'preparing', 'to-ship', 'shipped', 'delivered', 'cancelled-by-customer', 'cancelled-by-admin', 'claim-reserved', 'claim-reminder', 'claim-expired', 'claim-handed-over'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_unpaid_holds_non_negative" CHECK ("users"."unpaid_holds" >= 0);