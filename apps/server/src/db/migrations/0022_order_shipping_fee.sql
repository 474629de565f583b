ALTER TABLE "orders" ALTER COLUMN "total_amount_cents" DROP DEFAULT;--> statement-breakpoint
-- Orders made before each order kept its fee were all charged the one fee of the time, 6 euros:
-- they keep it. The default serves this backfill only; new orders get the fee from the app.
ALTER TABLE "orders" ADD COLUMN "shipping_fee_cents" integer DEFAULT 600 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "shipping_fee_cents" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_fee_non_negative" CHECK ("orders"."shipping_fee_cents" >= 0);
