-- Every piece's real state in the claims (decision 041).
--
-- A piece sold outside claims (added to an order by reference, or in an older order: a line that
-- holds it and that no claim holds) is 'Vendue': a claim of it is answered at once as sold (a
-- claim row released 'sold', shown on its comment and counted, never queued), and the claims that
-- were waiting for it when it was sold are answered the same way by the settle, so that no
-- waitlist grows behind a piece nobody can be handed.
--
-- A claim of a reference that is no piece of the live is kept (live_claim_unknown_refs), drawing
-- its version from the claims' sequence so that streams carry it, and counted for staff.
--
-- In automatic mode a sure claim whose size or colour is not the piece's waits for staff as a
-- doubt 'mismatch' (the domain's requestDiffers says the same as live_claim_request_differs).

ALTER TABLE "live_claims" DROP CONSTRAINT "live_claims_release_reason";--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_release_reason" CHECK (("live_claims"."state" = 'released') = ("live_claims"."release_reason" IS NOT NULL) AND ("live_claims"."release_reason" IS NULL OR "live_claims"."release_reason" in ('un-claimed', 'hold-expired', 'staff', 'order-cancelled', 'doubt-ignored', 'doubt-expired', 'sold')));--> statement-breakpoint
ALTER TABLE "live_claims" DROP CONSTRAINT "live_claims_doubt_reason";--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_doubt_reason" CHECK ("live_claims"."doubt_reason" IS NULL OR "live_claims"."doubt_reason" in ('question', 'condition', 'choice', 'swap', 'correction', 'unclear', 'mismatch'));--> statement-breakpoint
CREATE TABLE "live_claim_unknown_refs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"handle" text NOT NULL,
	"ref" integer NOT NULL,
	"version" bigint DEFAULT nextval('live_claim_version') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_claim_unknown_refs" ADD CONSTRAINT "live_claim_unknown_refs_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_unknown_refs" ADD CONSTRAINT "live_claim_unknown_refs_event_id_tiktok_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."tiktok_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_claim_unknown_refs_event_ref" ON "live_claim_unknown_refs" USING btree ("event_id","ref");--> statement-breakpoint
CREATE INDEX "live_claim_unknown_refs_live_version_idx" ON "live_claim_unknown_refs" USING btree ("live_id","version");--> statement-breakpoint
-- Sold claims are counted per live.
CREATE INDEX "live_claims_sold_idx" ON "live_claims" USING btree ("live_id") WHERE "live_claims"."release_reason" = 'sold';--> statement-breakpoint

-- Now in db/functions/live_claim_sale_order.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_size_key.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_request_differs.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_unknown_ref.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_sold.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_insert_doubt.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_apply.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_settle.sql
