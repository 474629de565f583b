-- The Instagram webhook finds its live by the account: one active live per Instagram account. Two
-- staff activating lives of one account at once cannot both succeed.
CREATE UNIQUE INDEX "lives_active_instagram_account_key" ON "lives" ("instagram_account_id") WHERE "is_active" AND "instagram_account_id" IS NOT NULL;
