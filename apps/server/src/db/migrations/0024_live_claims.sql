CREATE SEQUENCE "public"."live_claim_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "live_claim_inbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"live_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "live_claim_state" (
	"live_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'manuel' NOT NULL,
	"hold_seconds" integer,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"comments" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_claim_state_mode" CHECK ("live_claim_state"."mode" in ('manuel', 'automatique')),
	CONSTRAINT "live_claim_state_hold_positive" CHECK ("live_claim_state"."hold_seconds" IS NULL OR "live_claim_state"."hold_seconds" > 0)
);
--> statement-breakpoint
CREATE TABLE "live_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"live_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"handle" text NOT NULL,
	"product_id" uuid NOT NULL,
	"size_read" text,
	"color_read" text,
	"state" text NOT NULL,
	"queue_rank" bigint NOT NULL,
	"release_reason" text,
	"order_id" uuid,
	"order_item_id" uuid,
	"held_until" timestamp with time zone,
	"late_unclaim_at" timestamp with time zone,
	"version" bigint DEFAULT nextval('live_claim_version') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_claims_state" CHECK ("live_claims"."state" in ('pending', 'in-order', 'waitlisted', 'released')),
	CONSTRAINT "live_claims_release_reason" CHECK (("live_claims"."state" = 'released') = ("live_claims"."release_reason" IS NOT NULL) AND ("live_claims"."release_reason" IS NULL OR "live_claims"."release_reason" in ('un-claimed', 'hold-expired', 'staff', 'order-cancelled')))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "live_claim_inbox" ADD CONSTRAINT "live_claim_inbox_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_inbox" ADD CONSTRAINT "live_claim_inbox_claim_id_live_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."live_claims"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claim_state" ADD CONSTRAINT "live_claim_state_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_live_id_lives_id_fk" FOREIGN KEY ("live_id") REFERENCES "public"."lives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_event_id_tiktok_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."tiktok_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_claims" ADD CONSTRAINT "live_claims_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_claim_inbox_live_idx" ON "live_claim_inbox" USING btree ("live_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "live_claims_one_holder" ON "live_claims" USING btree ("product_id") WHERE "live_claims"."state" in ('pending', 'in-order');--> statement-breakpoint
CREATE UNIQUE INDEX "live_claims_one_per_viewer" ON "live_claims" USING btree ("product_id","handle") WHERE "live_claims"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "live_claims_waitlist_idx" ON "live_claims" USING btree ("product_id","queue_rank") WHERE "live_claims"."state" = 'waitlisted';--> statement-breakpoint
CREATE INDEX "live_claims_live_version_idx" ON "live_claims" USING btree ("live_id","version");--> statement-breakpoint
CREATE INDEX "live_claims_held_until_idx" ON "live_claims" USING btree ("held_until") WHERE "live_claims"."state" = 'in-order';--> statement-breakpoint
CREATE INDEX "live_claims_order_item_idx" ON "live_claims" USING btree ("order_item_id") WHERE "live_claims"."order_item_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "live_claims_order_idx" ON "live_claims" USING btree ("order_id") WHERE "live_claims"."order_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "live_claims_event_idx" ON "live_claims" USING btree ("event_id");