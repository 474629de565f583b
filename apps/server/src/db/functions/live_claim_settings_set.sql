-- A live's mode, own hold and own doubt wait (p_set_doubt false: the wait unchanged); switching to
-- automatique gives the pending claims at once, in receive order, except doubts still to confirm:
-- those wait for staff in both modes. Returns the orders changed.
CREATE OR REPLACE FUNCTION live_claim_settings_set(
  p_live_id uuid, p_mode text, p_hold_seconds integer, p_set_doubt boolean, p_doubt_seconds integer, p_rules jsonb
) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_claim_id uuid;
  v_order_id uuid;
  v_orders uuid[] := '{}';
BEGIN
  v_state := live_claim_lock(p_live_id);
  UPDATE live_claim_state s
     SET mode = p_mode, hold_seconds = p_hold_seconds,
         doubt_seconds = CASE WHEN p_set_doubt THEN p_doubt_seconds ELSE s.doubt_seconds END,
         updated_at = now()
   WHERE s.live_id = p_live_id
  RETURNING * INTO v_state;
  IF p_mode = 'automatique' THEN
    FOR v_claim_id IN
      SELECT c.id FROM live_claims c
       WHERE c.live_id = p_live_id AND c.state = 'pending' AND NOT live_claim_to_confirm(c)
       ORDER BY c.seq
    LOOP
      v_order_id := live_claim_try_give(v_claim_id, live_claim_hold(v_state, p_rules), p_rules);
      IF v_order_id IS NOT NULL THEN
        v_orders := v_orders || v_order_id;
      END IF;
    END LOOP;
  END IF;
  RETURN jsonb_build_object('orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
