-- A doubt's wait ran out (the job claim_doubt_expired, or the settle's backstop): under the claim
-- lock, a doubt still to confirm is released ('doubt-expired'), its answer kept as 'expired', and
-- the piece it held handed over. A doubt answered meanwhile, or released, changes nothing; one
-- whose end is not there yet is scheduled again. Returns the live, the outcome, the orders changed.
CREATE OR REPLACE FUNCTION live_claim_doubt_expire(p_claim_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_live_id uuid;
  v_state live_claim_state;
  v_claim live_claims;
  v_release record;
BEGIN
  SELECT c.live_id INTO v_live_id FROM live_claims c WHERE c.id = p_claim_id;
  IF v_live_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none');
  END IF;
  v_state := live_claim_lock(v_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF NOT live_claim_to_confirm(v_claim) OR v_claim.doubt_until IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  IF v_claim.doubt_until > live_claim_now() THEN
    PERFORM graphile_worker.add_job('claim_doubt_expired', json_build_object('claimId', p_claim_id),
      run_at := v_claim.doubt_until, max_attempts := 10, job_key := 'claim-doubt:' || p_claim_id);
    RETURN jsonb_build_object('outcome', 'deferred', 'liveId', v_live_id);
  END IF;
  UPDATE live_claims c SET doubt_until = NULL WHERE c.id = p_claim_id;
  SELECT * INTO v_release FROM live_claim_release(v_state, p_claim_id, 'doubt-expired', false, p_rules);
  PERFORM live_claim_doubt_answer(p_claim_id, 'expired', NULL);
  RETURN jsonb_build_object('outcome', v_release.outcome, 'liveId', v_live_id,
                            'orders', to_jsonb(v_release.orders_changed));
END;
$$ LANGUAGE plpgsql;
