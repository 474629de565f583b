-- A hold's end (decision 030), the payment form's deferral now given once per claim: the first
-- time the end finds a form of the order still running it moves to that form's end and notes it
-- (hold_deferred_at); from then on no form moves it again, and the end that follows releases the
-- piece. A new claim, even into the same order, gets its own deferral. The sweep finds the moved
-- end by the held_until index, as it finds every end.
CREATE OR REPLACE FUNCTION live_claim_expire(p_claim_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_opened record;
  v_live_id uuid;
  v_state live_claim_state;
  v_claim live_claims;
  v_order orders;
  v_until timestamptz;
  v_release record;
BEGIN
  SELECT * INTO v_opened FROM live_claim_lock_claim(p_claim_id);
  v_live_id := v_opened.live_id;
  v_state := v_opened.claim_state;
  v_claim := v_opened.claim;
  IF v_live_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none');
  END IF;
  IF v_claim.state <> 'in-order' OR v_claim.order_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  SELECT * INTO v_order FROM orders o WHERE o.id = v_claim.order_id FOR UPDATE;
  IF NOT (v_order.status = ANY (live_claim_editable(p_rules))) THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  v_until := v_claim.held_until;
  IF v_claim.hold_deferred_at IS NULL THEN
    v_until := greatest(v_until,
      v_order.payment_started_at + make_interval(secs => (p_rules ->> 'paymentWindowSeconds')::integer));
  END IF;
  IF v_until > live_claim_now() THEN
    IF v_until > v_claim.held_until THEN
      UPDATE live_claims c SET held_until = v_until, hold_deferred_at = live_claim_now() WHERE c.id = p_claim_id;
    END IF;
    RETURN jsonb_build_object('outcome', 'deferred', 'liveId', v_live_id);
  END IF;
  SELECT * INTO v_release FROM live_claim_release(v_state, p_claim_id, 'hold-expired', false, p_rules);
  RETURN jsonb_build_object('outcome', v_release.outcome, 'liveId', v_live_id,
                            'orders', to_jsonb(v_release.orders_changed));
END;
$$ LANGUAGE plpgsql;
