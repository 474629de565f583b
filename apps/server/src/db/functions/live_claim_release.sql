-- As in 0025, and the order that lost its line is cancelled when that line was its last.
CREATE OR REPLACE FUNCTION live_claim_release(
  p_state live_claim_state, p_claim_id uuid, p_reason text, p_line_gone boolean, p_rules jsonb,
  OUT outcome text, OUT orders_changed uuid[]
) AS $$
DECLARE
  v_claim live_claims;
  v_status order_status;
  v_given uuid;
BEGIN
  orders_changed := '{}';
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF NOT FOUND OR v_claim.state = 'released' THEN
    outcome := 'none';
    RETURN;
  END IF;
  IF v_claim.state = 'in-order' AND NOT p_line_gone AND v_claim.order_id IS NOT NULL THEN
    SELECT o.status INTO v_status FROM orders o WHERE o.id = v_claim.order_id FOR UPDATE;
    IF NOT (v_status = ANY (live_claim_editable(p_rules))) THEN
      outcome := 'kept';
      RETURN;
    END IF;
  END IF;
  UPDATE live_claims c
     SET state = 'released', release_reason = p_reason, held_until = NULL, order_item_id = NULL
   WHERE c.id = p_claim_id;
  IF v_claim.state = 'in-order' AND NOT p_line_gone AND v_claim.order_item_id IS NOT NULL THEN
    DELETE FROM order_items i WHERE i.id = v_claim.order_item_id;
    PERFORM order_cancel_if_empty(v_claim.order_id, live_claim_editable(p_rules));
    orders_changed := orders_changed || v_claim.order_id;
  END IF;
  IF v_claim.state IN ('pending', 'in-order') THEN
    v_given := live_claim_hand_over(p_state, v_claim.product_id, p_rules);
    IF v_given IS NOT NULL THEN
      orders_changed := orders_changed || v_given;
    END IF;
  END IF;
  outcome := 'released';
END;
$$ LANGUAGE plpgsql;
