-- A customer's account on each platform beside TikTok (TikTok's handle stays on users): the name
-- they show there, then the viewer key a comment carrying their code proved, or staff linked. A
-- key is one account's only: a second account never takes a key over.
CREATE TABLE "user_platform_handles" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
  "platform" text NOT NULL,
  "name" text NOT NULL,
  "name_key" text NOT NULL,
  "viewer_key" text,
  "verified_at" timestamp with time zone,
  "linked_by_user_id" uuid REFERENCES "users" ("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "user_platform_handles_platform" CHECK ("platform" IN ('youtube', 'facebook', 'instagram')),
  CONSTRAINT "user_platform_handles_key_of_platform" CHECK ("viewer_key" IS NULL OR "viewer_key" LIKE "platform" || ':%'),
  CONSTRAINT "user_platform_handles_proven" CHECK (("viewer_key" IS NULL) = ("verified_at" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "user_platform_handles_user_platform_key" ON "user_platform_handles" ("user_id", "platform");
--> statement-breakpoint
CREATE UNIQUE INDEX "user_platform_handles_viewer_key" ON "user_platform_handles" ("viewer_key") WHERE "viewer_key" IS NOT NULL;
--> statement-breakpoint
-- A comment proving a code finds the unproven accounts named like its author.
CREATE INDEX "user_platform_handles_unproven_name_idx" ON "user_platform_handles" ("platform", "name_key") WHERE "viewer_key" IS NULL;
