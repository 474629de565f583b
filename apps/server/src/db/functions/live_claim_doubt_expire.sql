-- One doubt's wait ran out (a claim_doubt_expired job queued before the pass expired doubts
-- itself, see live_claims_expire_doubts): under the claim lock, a doubt still to confirm whose end
-- has come is released ('doubt-expired'), its answer kept as 'expired', and the piece it held
-- handed over. A doubt answered meanwhile, released, or not due yet changes nothing here (the
-- pass drops it at its end). Returns the live, the outcome, the orders changed.
CREATE OR REPLACE FUNCTION live_claim_doubt_expire(p_claim_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_opened record;
  v_live_id uuid;
  v_state live_claim_state;
  v_claim live_claims;
  v_release record;
BEGIN
  SELECT * INTO v_opened FROM live_claim_lock_claim(p_claim_id);
  v_live_id := v_opened.live_id;
  v_state := v_opened.claim_state;
  v_claim := v_opened.claim;
  IF v_live_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none');
  END IF;
  IF NOT live_claim_to_confirm(v_claim) OR v_claim.doubt_until IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  IF v_claim.doubt_until > live_claim_now() THEN
    RETURN jsonb_build_object('outcome', 'deferred', 'liveId', v_live_id);
  END IF;
  UPDATE live_claims c SET doubt_until = NULL WHERE c.id = p_claim_id;
  SELECT * INTO v_release FROM live_claim_release(v_state, p_claim_id, 'doubt-expired', false, p_rules);
  PERFORM live_claim_doubt_answer(p_claim_id, 'expired', NULL);
  RETURN jsonb_build_object('outcome', v_release.outcome, 'liveId', v_live_id,
                            'orders', to_jsonb(v_release.orders_changed));
END;
$$ LANGUAGE plpgsql;
