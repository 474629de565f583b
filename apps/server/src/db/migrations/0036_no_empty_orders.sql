-- No empty order to validate or pay (decision 040). An order the claims engine empties (a hold
-- ended, a piece was released or un-claimed, a late payment took a piece back) while it still
-- waits for payment is cancelled in the same transaction, as 'cancelled-empty': it leaves the
-- customer's live page, staff's working lists and the preparation board, and a payment arriving
-- for it moves nothing (a payment to review). A new claim of the same viewer makes a new order
-- (live_claim_give reuses a to-validate order only); staff giving a late payment's piece back
-- reopens the order it paid, which that payment then pays.
--
-- The new status is added here and used only in plpgsql bodies (read when they run, after this
-- migration committed) or compared as text: a new enum value cannot be used in the transaction
-- that adds it.

ALTER TYPE "public"."order_status" ADD VALUE 'cancelled-empty';
--> statement-breakpoint

-- The shop's own settings staff edit in the back office, one row. No minimum order by default.
CREATE TABLE "shop_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"minimum_order_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id"),
	CONSTRAINT "shop_settings_minimum_order" CHECK ("shop_settings"."minimum_order_cents" IS NULL OR "shop_settings"."minimum_order_cents" > 0)
);
--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (true);
--> statement-breakpoint

-- Now in db/functions/order_cancel_if_empty.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_release.sql
--> statement-breakpoint

-- Now in db/functions/late_payment_give_back_refusal.sql
--> statement-breakpoint

-- Now in db/functions/late_payment_give_back.sql
--> statement-breakpoint

-- Now in db/functions/orders_parcel_leave_when_cancelled.sql
--> statement-breakpoint

-- As in 0030, compared as text (see above).
DROP TRIGGER IF EXISTS orders_parcel_cancelled_fee_back ON orders;
--> statement-breakpoint
-- Now in db/functions/trigger.orders.orders_parcel_cancelled_fee_back.sql
--> statement-breakpoint

-- Now in db/functions/order_items_sync_release_from_order.sql
--> statement-breakpoint
-- Now in db/functions/order_items_set_release_on_insert.sql
--> statement-breakpoint

-- A template type is an order status or a notice kind (MESSAGE_TEMPLATE_TYPES): the new status
-- joins them (a text column: no enum value used here).
ALTER TABLE "message_templates" DROP CONSTRAINT "message_templates_type";
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_type" CHECK ("message_templates"."type" in ('to-validate', 'to-pay', 'paid', 'preparing', 'to-ship', 'shipped', 'delivered', 'cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty', 'claim-reserved', 'claim-reminder', 'claim-expired', 'claim-handed-over'));
--> statement-breakpoint

-- The new status' message, as default-message-templates.ts has it; a shop's own stays (last
-- statement of this file: a test runs it again).
INSERT INTO "message_templates" ("type", "title", "body", "scope")
VALUES ('cancelled-empty', 'Votre commande est vide', '<p>Bonjour,</p><p>Votre commande ne contient plus aucune pièce : elle a été annulée et il n''y a rien à régler.</p><p>À très vite en live !</p>', ARRAY['back-office']::text[])
ON CONFLICT ("type") DO NOTHING;
