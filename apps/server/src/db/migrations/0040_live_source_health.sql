ALTER TABLE "live_source_status" ADD COLUMN "source" text DEFAULT 'tiktok' NOT NULL;--> statement-breakpoint
ALTER TABLE "live_source_status" DROP CONSTRAINT "live_source_status_pkey";--> statement-breakpoint
ALTER TABLE "live_source_status" ADD CONSTRAINT "live_source_status_live_id_source_pk" PRIMARY KEY("live_id","source");--> statement-breakpoint
ALTER TABLE "live_source_status" ADD COLUMN "last_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_source_status" ADD COLUMN "reconnects" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_source_status" ADD COLUMN "duplicates_dropped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "live_source_status" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "live_source_status" DROP CONSTRAINT "live_source_status_state";--> statement-breakpoint
ALTER TABLE "live_source_status" ADD CONSTRAINT "live_source_status_state" CHECK ("live_source_status"."state" in ('connected', 'reconnecting', 'disconnected', 'degraded', 'stopped'));--> statement-breakpoint
ALTER TABLE "live_source_status" ADD CONSTRAINT "live_source_status_counts" CHECK ("live_source_status"."reconnects" >= 0 AND "live_source_status"."duplicates_dropped" >= 0);--> statement-breakpoint
CREATE TABLE "live_source_gaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"source" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"resent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_source_gaps_span" CHECK ("live_source_gaps"."ended_at" >= "live_source_gaps"."started_at"),
	CONSTRAINT "live_source_gaps_resent" CHECK ("live_source_gaps"."resent" >= 0)
);
--> statement-breakpoint
ALTER TABLE "live_source_gaps" ADD CONSTRAINT "live_source_gaps_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "live_source_gaps_once" ON "live_source_gaps" USING btree ("live_id","source","started_at");
