-- Non-payers and proven handles (decision 032).
--
-- A hold that expires unpaid counts against the customer whose order held it, in the expiry's own
-- transaction, once per claim (a released claim never holds again). The engine's automatic gives
-- (live_claim_try_give: a claim in automatic mode, the hand-over to the next claimer, the switch
-- to automatique) give nothing to a customer at p_rules.unpaidHoldsLimit: their claim stays
-- 'pending' for a staff click (staff's give calls live_claim_give, which does not look).
-- A proof is for one handle: a change of handle forgets that the old one was verified.

CREATE FUNCTION live_claims_count_unpaid_hold() RETURNS trigger AS $$
BEGIN
  UPDATE users u SET unpaid_holds = u.unpaid_holds + 1
   WHERE u.id = (SELECT o.user_id FROM orders o WHERE o.id = OLD.order_id);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER live_claims_count_unpaid_hold AFTER UPDATE ON live_claims
  FOR EACH ROW
  WHEN (OLD.state = 'in-order' AND NEW.state = 'released' AND NEW.release_reason = 'hold-expired')
  EXECUTE FUNCTION live_claims_count_unpaid_hold();
--> statement-breakpoint

-- The domain's needsStaffToGive, word for word (a test keeps the two in step).
CREATE FUNCTION live_claim_needs_staff(p_unpaid_holds integer, p_limit integer) RETURNS boolean AS $$
  SELECT p_limit > 0 AND p_unpaid_holds >= p_limit;
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint

-- Whether the claim's viewer is a customer the engine gives nothing to by itself.
CREATE FUNCTION live_claim_waits_for_staff(p_claim_id uuid, p_rules jsonb) RETURNS boolean AS $$
  SELECT EXISTS (
    SELECT 1 FROM live_claims c JOIN users u ON lower(u.tiktok_username) = c.handle
     WHERE c.id = p_claim_id
       AND live_claim_needs_staff(u.unpaid_holds, coalesce((p_rules ->> 'unpaidHoldsLimit')::integer, 0)));
$$ LANGUAGE sql STABLE;
--> statement-breakpoint

-- The engine's own gives: a refusal, or a viewer at the unpaid holds limit, gives null (the claim
-- stays as it was, or 'pending' after a hand-over).
CREATE OR REPLACE FUNCTION live_claim_try_give(p_claim_id uuid, p_hold_seconds integer, p_rules jsonb) RETURNS uuid AS $$
BEGIN
  IF live_claim_waits_for_staff(p_claim_id, p_rules) THEN
    RETURN NULL;
  END IF;
  RETURN live_claim_give(p_claim_id, p_hold_seconds, p_rules);
EXCEPTION WHEN raise_exception OR unique_violation THEN
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

CREATE FUNCTION users_forget_handle_proof() RETURNS trigger AS $$
BEGIN
  NEW.handle_verified_at := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER users_forget_handle_proof BEFORE UPDATE OF tiktok_username ON users
  FOR EACH ROW
  WHEN (lower(OLD.tiktok_username) IS DISTINCT FROM lower(NEW.tiktok_username))
  EXECUTE FUNCTION users_forget_handle_proof();
