-- Holds and payments that cross (decision 036).
--
-- A payment form defers a hold's end once: to the end of the form running when the hold came to
-- its end. Asking a new form every 14 minutes moved the end again each time, and kept the piece
-- from the waitlist for good.
--
-- A payment that reaches the shop after its order's hold ended (the card was being charged when
-- the form's time ran out) is no unpaid hold: the strike counted at the end is taken back, or never
-- counted when the payment was known first, and staff may give the piece back to its payer.

ALTER TABLE "live_claims" ADD COLUMN "hold_deferred_at" timestamp with time zone;
--> statement-breakpoint

-- One row per hold that ended unpaid (a claim released 'hold-expired'), written by the end's own
-- transaction. Holds that ended before this migration have none: a payment arriving for them is a
-- payment to review like any other.
CREATE TABLE "expired_holds" (
	"claim_id" uuid PRIMARY KEY NOT NULL,
	"payment_form_at" timestamp with time zone,
	"late_payment_review_id" uuid,
	"counted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expired_holds" ADD CONSTRAINT "expired_holds_claim_id_live_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."live_claims"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expired_holds" ADD CONSTRAINT "expired_holds_late_payment_review_id_payment_reviews_id_fk" FOREIGN KEY ("late_payment_review_id") REFERENCES "public"."payment_reviews"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "expired_holds_late_payment_idx" ON "expired_holds" USING btree ("late_payment_review_id") WHERE "expired_holds"."late_payment_review_id" IS NOT NULL;
--> statement-breakpoint

-- Now in db/functions/live_claim_expire.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_count_unpaid_hold.sql
--> statement-breakpoint

-- Now in db/functions/payment_reviews_late_holds.sql
--> statement-breakpoint
-- Now in db/functions/trigger.payment_reviews.payment_reviews_late_holds.sql
--> statement-breakpoint

-- Now in db/functions/late_payment_take_back_strikes.sql
--> statement-breakpoint

-- Now in db/functions/late_payment_give_back_refusal.sql
--> statement-breakpoint

-- Now in db/functions/late_payment_give_back.sql
