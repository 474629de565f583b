CREATE TABLE "label_batch_orders" (
	"batch_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_batch_orders_batch_id_order_id_pk" PRIMARY KEY("batch_id","order_id"),
	CONSTRAINT "label_batch_orders_state_check" CHECK ("label_batch_orders"."state" IN ('pending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "label_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"state" text DEFAULT 'running' NOT NULL,
	"requested_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "label_batches_state_check" CHECK ("label_batches"."state" IN ('running', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"state" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"provider_reference" text,
	"kind" text,
	"error" text,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_reason_check" CHECK ("order_refunds"."reason" IN ('order-cancelled', 'combined-shipping')),
	CONSTRAINT "order_refunds_state_check" CHECK ("order_refunds"."state" IN ('done', 'refused')),
	CONSTRAINT "order_refunds_amount_positive" CHECK ("order_refunds"."amount_cents" > 0),
	CONSTRAINT "order_refunds_kind_check" CHECK ("order_refunds"."kind" IS NULL OR "order_refunds"."kind" IN ('refund', 'cancellation'))
);
--> statement-breakpoint
ALTER TABLE "simulated_refunds" DROP CONSTRAINT "simulated_refunds_pkey";--> statement-breakpoint
ALTER TABLE "simulated_refunds" ADD PRIMARY KEY ("refund_id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel_lead_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "waived_shipping_fee_cents" integer;--> statement-breakpoint
ALTER TABLE "label_batch_orders" ADD CONSTRAINT "label_batch_orders_batch_id_label_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."label_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_batch_orders" ADD CONSTRAINT "label_batch_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_batches" ADD CONSTRAINT "label_batches_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_batches" ADD CONSTRAINT "label_batches_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "label_batch_orders_state_idx" ON "label_batch_orders" USING btree ("batch_id","state");--> statement-breakpoint
CREATE INDEX "label_batches_live_idx" ON "label_batches" USING btree ("live_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "label_batches_one_running_per_live" ON "label_batches" USING btree ("live_id") WHERE "label_batches"."state" = 'running';--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_once_per_reason" ON "order_refunds" USING btree ("order_id","reason") WHERE "order_refunds"."state" <> 'refused';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parcel_lead_id_orders_id_fk" FOREIGN KEY ("parcel_lead_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_parcel_lead_idx" ON "orders" USING btree ("parcel_lead_id") WHERE "orders"."parcel_lead_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "simulated_refunds_transaction_idx" ON "simulated_refunds" USING btree ("transaction_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_parcel_lead_not_self" CHECK ("orders"."parcel_lead_id" <> "orders"."id");