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
