-- Non-payers and proven handles (decision 032).
--
-- A hold that expires unpaid counts against the customer whose order held it, in the expiry's own
-- transaction, once per claim (a released claim never holds again). The engine's automatic gives
-- (live_claim_try_give: a claim in automatic mode, the hand-over to the next claimer, the switch
-- to automatique) give nothing to a customer at p_rules.unpaidHoldsLimit: their claim stays
-- 'pending' for a staff click (staff's give calls live_claim_give, which does not look).
-- A proof is for one handle: a change of handle forgets that the old one was verified.

-- Now in db/functions/live_claims_count_unpaid_hold.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_count_unpaid_hold.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_needs_staff.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_waits_for_staff.sql
--> statement-breakpoint

-- Now in db/functions/live_claim_try_give.sql
--> statement-breakpoint

-- Now in db/functions/users_forget_handle_proof.sql
--> statement-breakpoint
-- Now in db/functions/trigger.users.users_forget_handle_proof.sql
