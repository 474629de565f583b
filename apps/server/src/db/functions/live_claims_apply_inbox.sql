-- The inbox's lines of the live (a line holding a claimed piece that stopped holding it without
-- the engine), applied under the claim lock the caller holds: each claim released with the
-- inbox's reason, its piece handed over. Returns the orders changed.
CREATE OR REPLACE FUNCTION live_claims_apply_inbox(p_state live_claim_state, p_rules jsonb) RETURNS uuid[] AS $$
DECLARE
  v_inbox record;
  v_release record;
  v_orders uuid[] := '{}';
BEGIN
  FOR v_inbox IN
    DELETE FROM live_claim_inbox b WHERE b.live_id = p_state.live_id RETURNING b.id, b.claim_id, b.reason
  LOOP
    SELECT * INTO v_release FROM live_claim_release(p_state, v_inbox.claim_id, v_inbox.reason, true, p_rules);
    v_orders := v_orders || v_release.orders_changed;
  END LOOP;
  RETURN v_orders;
END;
$$ LANGUAGE plpgsql;
