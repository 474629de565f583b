-- Who has 'Je le prends' on the site during a live: nobody, the customers whose comment test saw
-- nothing, or every signed-in customer.
ALTER TABLE "lives" ADD COLUMN "site_claims" text NOT NULL DEFAULT 'unheard';
--> statement-breakpoint
ALTER TABLE "lives" ADD CONSTRAINT "lives_site_claims" CHECK ("site_claims" IN ('nobody', 'unheard', 'signed-in'));
--> statement-breakpoint
-- The piece staff present, who marked it and when: the customers' live page shows it.
ALTER TABLE "lives" ADD COLUMN "shown_product_id" uuid REFERENCES "products" ("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "shown_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "shown_by_user_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL;
--> statement-breakpoint
-- One comment test per customer and live: the code the customer comments (their handle proof
-- code), when the test started, and when a comment of theirs carried it.
CREATE TABLE "live_comment_tests" (
  "live_id" uuid NOT NULL REFERENCES "lives" ("id") ON DELETE CASCADE,
  "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "handle" text NOT NULL,
  "code" text NOT NULL,
  "started_at" timestamp with time zone NOT NULL,
  "seen_at" timestamp with time zone,
  PRIMARY KEY ("live_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "live_comment_tests_live_handle_idx" ON "live_comment_tests" ("live_id", "handle");
