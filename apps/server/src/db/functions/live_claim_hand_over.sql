-- The piece is free: the next waitlisted claim by rank gets it (given at once in automatic mode,
-- pending in manual mode or when the give is refused). A doubt to confirm next in line becomes
-- pending, still to confirm: the engine never gives a doubt. Returns the order given into, or null.
CREATE OR REPLACE FUNCTION live_claim_hand_over(p_state live_claim_state, p_product_id uuid, p_rules jsonb) RETURNS uuid AS $$
DECLARE
  v_next live_claims;
  v_order_id uuid;
BEGIN
  IF live_claim_piece_held(p_product_id, NULL) THEN
    RETURN NULL;
  END IF;
  SELECT w.* INTO v_next FROM live_claims w
   WHERE w.product_id = p_product_id AND w.state = 'waitlisted'
   ORDER BY w.queue_rank, w.seq LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF p_state.mode = 'automatique' AND NOT live_claim_to_confirm(v_next) THEN
    v_order_id := live_claim_try_give(v_next.id, live_claim_hold(p_state, p_rules), p_rules);
    IF v_order_id IS NOT NULL THEN
      RETURN v_order_id;
    END IF;
  END IF;
  UPDATE live_claims c SET state = 'pending' WHERE c.id = v_next.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
