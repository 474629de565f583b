-- Doubtful claims (decision 037). A comment the reader is not sure of ("le 7 pour moi si mon mari est d'accord")
-- makes a claim 'À confirmer': a row like any claim, at its comment's rank, pending when the piece
-- is free and waitlisted when it is held, but never given by the engine. While it waits it keeps
-- its place: a pending doubt holds the piece (pending counts in live_claim_piece_held), so later
-- claimers wait behind it, until staff answer it ('confirm': a claim at its rank, given at once
-- when it holds the piece; 'ignore': released) or its wait runs out (the job claim_doubt_expired,
-- the settle's backstop). Every answer is kept (live_claim_doubt_answers) for the labelled corpus.
--
-- Staff actions are done once: each records who did it (decided_by_user_id, decided_action,
-- decided_at); an action refused because that claim moved on by another staff action is refused
-- as 'claim:already-done', naming the staff member in its HINT ('Déjà fait par Marie').
--
-- p_rules gains shopDoubtSeconds (CLAIM_DOUBT_SECONDS).

ALTER TABLE "live_claims" ADD COLUMN "doubt_reason" text;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "doubt_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "doubt_reading" jsonb;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "decided_by_user_id" uuid;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "decided_action" text;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD COLUMN "holding_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_doubt_reason" CHECK ("live_claims"."doubt_reason" IS NULL OR "live_claims"."doubt_reason" in ('question', 'condition', 'choice', 'swap', 'correction', 'unclear'));--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_decided_action" CHECK ("live_claims"."decided_action" IS NULL OR "live_claims"."decided_action" in ('give', 'release', 'skip', 'remove', 'confirm', 'ignore'));--> statement-breakpoint
ALTER TABLE "live_claims" DROP CONSTRAINT "live_claims_release_reason";--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_release_reason" CHECK (("live_claims"."state" = 'released') = ("live_claims"."release_reason" IS NOT NULL) AND ("live_claims"."release_reason" IS NULL OR "live_claims"."release_reason" in ('un-claimed', 'hold-expired', 'staff', 'order-cancelled', 'doubt-ignored', 'doubt-expired')));--> statement-breakpoint
-- The doubts still waiting for staff: the settle's backstop and the sweep look for those past due.
CREATE INDEX "live_claims_doubt_until_idx" ON "live_claims" USING btree ("doubt_until") WHERE "live_claims"."doubt_until" IS NOT NULL AND "live_claims"."confirmed_at" IS NULL AND "live_claims"."state" in ('pending', 'waitlisted');--> statement-breakpoint
ALTER TABLE "live_claim_state" ADD COLUMN "doubt_seconds" integer;--> statement-breakpoint
ALTER TABLE "live_claim_state" ADD CONSTRAINT "live_claim_state_doubt_positive" CHECK ("live_claim_state"."doubt_seconds" IS NULL OR "live_claim_state"."doubt_seconds" > 0);--> statement-breakpoint
CREATE TABLE "live_claim_doubt_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"handle" text NOT NULL,
	"comment" text NOT NULL,
	"reading" jsonb,
	"ref" integer NOT NULL,
	"answer" text NOT NULL,
	"answered_by_user_id" uuid,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_claim_doubt_answers_answer" CHECK ("live_claim_doubt_answers"."answer" in ('confirmed', 'ignored', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "live_claim_doubt_answers" ADD CONSTRAINT "live_claim_doubt_answers_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_doubt_answers" ADD CONSTRAINT "live_claim_doubt_answers_claim_id_live_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."live_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_doubt_answers" ADD CONSTRAINT "live_claim_doubt_answers_answered_by_user_id_users_id_fk" FOREIGN KEY ("answered_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_claim_doubt_answers_live_idx" ON "live_claim_doubt_answers" USING btree ("live_id","answered_at");--> statement-breakpoint
CREATE INDEX "live_claim_doubt_answers_claim_idx" ON "live_claim_doubt_answers" USING btree ("claim_id");--> statement-breakpoint

-- Now in db/functions/live_claims_mark_holding.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_holding_insert.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_holding_update.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_to_confirm.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_doubt_wait.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_doubt_answer.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_hand_over.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_apply.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_doubt_expire.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_settle.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_refuse.sql
--> statement-breakpoint

DROP FUNCTION IF EXISTS live_claim_staff_action(uuid, uuid, text, jsonb);
--> statement-breakpoint

-- Now in db/functions/live_claim_staff_action.sql
--> statement-breakpoint

DROP FUNCTION IF EXISTS live_claim_settings_set(uuid, text, integer, jsonb);
--> statement-breakpoint

-- Now in db/functions/live_claim_settings_set.sql
