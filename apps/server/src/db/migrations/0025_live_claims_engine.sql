-- The claims engine in the database (decision 030): every writer of a live's claims takes the
-- live's claim lock first (its live_claim_state row, FOR UPDATE: live_claim_lock), then orders
-- (through the orders core: order_create, order_add_item), then writes claim rows, which it never
-- locks ahead of an order (the order page's delete of a line touches the claim through its
-- foreign key while it holds the order). Refusals raise 'claim:<reason>' or the orders core's
-- 'order:<reason>'; the server maps them to the spec's words.
--
-- p_rules, the server's rules passed along (jsonb): shopHoldSeconds (CLAIM_HOLD_HOURS), fee,
-- shippingType and prefix of a new order, editable (the statuses whose lines may change),
-- lockKeyPrefix and emailSuffix (a viewer's claim lock key and placeholder e-mail around the
-- handle, as the sidebar's add makes them), paymentWindowSeconds (a payment form's lifetime).

-- Now in db/functions/live_claims_touch.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_touch.sql
--> statement-breakpoint

-- Now in db/functions/order_items_claims_inbox.sql
--> statement-breakpoint
-- Now in db/functions/trigger.order_items.order_items_claims_inbox.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_lock.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_version_now.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_piece_held.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_editable.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_give.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_try_give.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_hold.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_hand_over.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_release.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_expire.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_apply.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_settle.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_staff_action.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_settings_set.sql
--> statement-breakpoint

-- Comments received before the engine existed were decided in the browser: the engine starts
-- after them.
INSERT INTO live_claim_state (live_id, last_seq)
SELECT l.id, coalesce((SELECT max(e.seq) FROM tiktok_events e WHERE e.live_id = l.id), 0) FROM lives l
ON CONFLICT (live_id) DO NOTHING;
