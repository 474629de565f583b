-- The live's doubts whose wait for staff has run out, dropped together by the pass that holds the
-- claim lock (every batch of comments, and the sweep's settle when no comment comes): one
-- statement releases them all ('doubt-expired') and keeps each answer as 'expired', then each
-- piece a dropped doubt held goes to the next claimer, in the order the doubts ran out. A job per
-- doubt took the claim lock once each, some two thousand times a minute in a busy live. Returns
-- the orders changed.
CREATE OR REPLACE FUNCTION live_claims_expire_doubts(p_state live_claim_state, p_rules jsonb) RETURNS uuid[] AS $$
DECLARE
  v_pieces uuid[];
  v_product_id uuid;
  v_given uuid;
  v_orders uuid[] := '{}';
BEGIN
  WITH due AS (
    SELECT c.id, c.product_id, c.state, c.doubt_until FROM live_claims c
     WHERE c.doubt_until <= live_claim_now() AND c.doubt_until IS NOT NULL AND c.confirmed_at IS NULL
       AND c.state IN ('pending', 'waitlisted') AND c.doubt_reason IS NOT NULL
       AND c.live_id = p_state.live_id
  ), answered AS (
    INSERT INTO live_claim_doubt_answers (live_id, claim_id, handle, comment, reading, ref, answer, answered_by_user_id)
    SELECT c.live_id, c.id, c.handle, coalesce(e.comment, ''), c.doubt_reading, p.ref, 'expired', NULL
      FROM due JOIN live_claims c ON c.id = due.id JOIN products p ON p.id = c.product_id
      LEFT JOIN tiktok_events e ON e.id = c.event_id
  ), dropped AS (
    UPDATE live_claims c
       SET state = 'released', release_reason = 'doubt-expired', doubt_until = NULL, held_until = NULL,
           order_item_id = NULL
      FROM due WHERE c.id = due.id
    RETURNING due.product_id, due.state AS was, due.doubt_until, due.id
  )
  SELECT array_agg(d.product_id ORDER BY d.doubt_until, d.id) INTO v_pieces FROM dropped d WHERE d.was = 'pending';
  FOREACH v_product_id IN ARRAY coalesce(v_pieces, '{}') LOOP
    v_given := live_claim_hand_over(p_state, v_product_id, p_rules);
    IF v_given IS NOT NULL THEN
      v_orders := v_orders || v_given;
    END IF;
  END LOOP;
  RETURN v_orders;
END;
$$ LANGUAGE plpgsql;
