CREATE TABLE "payment_transactions" (
	"provider" text NOT NULL,
	"transaction_id" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_transactions_provider_transaction_id_pk" PRIMARY KEY("provider","transaction_id")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "simulated_payments" ADD COLUMN "form_token_id" text;--> statement-breakpoint
ALTER TABLE "payment_transactions" ADD CONSTRAINT "payment_transactions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_transactions_order_idx" ON "payment_transactions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "simulated_payments_form_paid_once" ON "simulated_payments" USING btree ("form_token_id") WHERE "simulated_payments"."status" = 'PAID';