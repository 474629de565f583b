CREATE TABLE "live_source_status" (
	"live_id" uuid PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_source_status_state" CHECK ("live_source_status"."state" in ('connected', 'reconnecting', 'disconnected'))
);
--> statement-breakpoint
ALTER TABLE "tiktok_events" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "live_source_status" ADD CONSTRAINT "live_source_status_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tiktok_events_live_seq_idx" ON "tiktok_events" USING btree ("live_id","seq");