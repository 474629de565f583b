-- A staff action refused because the claim is no longer in a state it applies to. When the last
-- change of the claim was another staff member's action, or the same action by anyone (a double
-- click, two tabs), it was already done: 'claim:already-done', the staff member's id in the HINT.
CREATE OR REPLACE FUNCTION live_claim_refuse(p_claim live_claims, p_user_id uuid, p_action text, p_reason text) RETURNS void AS $$
BEGIN
  IF p_claim.decided_by_user_id IS NOT NULL AND p_claim.decided_at = p_claim.updated_at
     AND (p_claim.decided_by_user_id IS DISTINCT FROM p_user_id OR p_claim.decided_action = p_action) THEN
    RAISE EXCEPTION 'claim:already-done' USING HINT = p_claim.decided_by_user_id::text;
  END IF;
  RAISE EXCEPTION 'claim:%', p_reason;
END;
$$ LANGUAGE plpgsql;
