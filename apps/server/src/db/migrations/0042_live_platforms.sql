-- Comments come from several platforms: each event says which, and a message id is unique per
-- platform within a live (two platforms may use the same ids).
ALTER TABLE "tiktok_events" ADD COLUMN "platform" text NOT NULL DEFAULT 'tiktok';
--> statement-breakpoint
ALTER TABLE "tiktok_events" ADD CONSTRAINT "tiktok_events_platform" CHECK ("platform" IN ('tiktok', 'youtube', 'facebook', 'instagram'));
--> statement-breakpoint
CREATE UNIQUE INDEX "tiktok_events_live_platform_msg_key" ON "tiktok_events" ("live_id", "platform", "msg_id");
--> statement-breakpoint
DROP INDEX "tiktok_events_live_msg_key";
--> statement-breakpoint
-- A live's source on each platform, as staff enter it: the bridges and the Instagram webhook find
-- the live by it.
ALTER TABLE "lives" ADD COLUMN "tiktok_user" text;
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "youtube_video_id" text;
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "facebook_live_video_id" text;
--> statement-breakpoint
ALTER TABLE "lives" ADD COLUMN "instagram_account_id" text;
