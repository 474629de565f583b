-- Staff's actions on one claim of the live, by p_user_id, under the claim lock (so each sees the
-- one before it done):
-- 'give' (a pending or waitlisted claim, the piece not held by anyone else; on a doubt to confirm
-- it is its confirmation too), 'release' (a pending claim, or one in an order whose lines may
-- change; on a doubt to confirm, its 'ignore'), 'skip' (a waitlisted claim to the end of its
-- waitlist), 'remove' (a waitlisted claim off it; on a doubt to confirm, its 'ignore'), 'confirm'
-- (a doubt to confirm becomes a claim at its rank, given at once when it is pending, in either
-- mode; waitlisted, it waits at its rank and is handed the piece as any claim), 'ignore' (a doubt
-- to confirm is released, 'doubt-ignored', the piece it held handed over).
-- Each records who did it and when; an answer to a doubt is kept. Refusals raise 'claim:not-found',
-- 'claim:piece-held', 'claim:not-waiting', 'claim:not-holding', 'claim:not-to-confirm',
-- 'claim:already-done' (live_claim_refuse) or the orders core's. Returns the orders changed.
CREATE OR REPLACE FUNCTION live_claim_staff_action(p_live_id uuid, p_claim_id uuid, p_action text, p_user_id uuid, p_rules jsonb)
RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_claim live_claims;
  v_release record;
  v_given uuid;
  v_orders uuid[] := '{}';
  v_answer text;
  v_reason text;
BEGIN
  v_state := live_claim_lock(p_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id AND c.live_id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'claim:not-found';
  END IF;
  IF p_action = 'give' THEN
    IF v_claim.state NOT IN ('pending', 'waitlisted') THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-waiting');
    END IF;
    IF live_claim_piece_held(v_claim.product_id, v_claim.id) THEN
      RAISE EXCEPTION 'claim:piece-held';
    END IF;
    IF live_claim_to_confirm(v_claim) THEN
      v_answer := 'confirmed';
    END IF;
    v_orders := v_orders || live_claim_give(v_claim.id, live_claim_hold(v_state, p_rules), p_rules);
  ELSIF p_action = 'confirm' THEN
    IF NOT live_claim_to_confirm(v_claim) THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-to-confirm');
    END IF;
    v_answer := 'confirmed';
    IF v_claim.state = 'pending' THEN
      v_orders := v_orders || live_claim_give(v_claim.id, live_claim_hold(v_state, p_rules), p_rules);
    END IF;
  ELSIF p_action = 'ignore' THEN
    IF NOT live_claim_to_confirm(v_claim) THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-to-confirm');
    END IF;
    v_answer := 'ignored';
    SELECT * INTO v_release FROM live_claim_release(v_state, v_claim.id, 'doubt-ignored', false, p_rules);
    v_orders := v_orders || v_release.orders_changed;
  ELSIF p_action = 'release' THEN
    IF v_claim.state NOT IN ('pending', 'in-order') THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-holding');
    END IF;
    v_reason := 'staff';
    IF live_claim_to_confirm(v_claim) THEN
      v_answer := 'ignored';
      v_reason := 'doubt-ignored';
    END IF;
    SELECT * INTO v_release FROM live_claim_release(v_state, v_claim.id, v_reason, false, p_rules);
    IF v_release.outcome <> 'released' THEN
      RAISE EXCEPTION 'claim:not-holding';
    END IF;
    v_orders := v_orders || v_release.orders_changed;
  ELSIF p_action IN ('skip', 'remove') THEN
    IF v_claim.state <> 'waitlisted' THEN
      PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-waiting');
    END IF;
    IF p_action = 'skip' THEN
      -- Skipped just now and still last: a second skip is the same click again.
      IF v_claim.decided_action = 'skip' AND v_claim.decided_at = v_claim.updated_at
         AND NOT EXISTS (SELECT 1 FROM live_claims w
                          WHERE w.product_id = v_claim.product_id AND w.state = 'waitlisted'
                            AND w.queue_rank > v_claim.queue_rank) THEN
        PERFORM live_claim_refuse(v_claim, p_user_id, p_action, 'not-waiting');
      END IF;
      UPDATE live_claims c
         SET queue_rank = (SELECT max(w.queue_rank) + 1 FROM live_claims w
                            WHERE w.product_id = v_claim.product_id AND w.state = 'waitlisted')
       WHERE c.id = v_claim.id;
    ELSE
      v_reason := 'staff';
      IF live_claim_to_confirm(v_claim) THEN
        v_answer := 'ignored';
        v_reason := 'doubt-ignored';
      END IF;
      UPDATE live_claims c SET state = 'released', release_reason = v_reason WHERE c.id = v_claim.id;
    END IF;
  ELSE
    RAISE EXCEPTION 'claim:unknown-action';
  END IF;
  UPDATE live_claims c
     SET decided_by_user_id = p_user_id, decided_action = p_action, decided_at = now(),
         confirmed_at = CASE WHEN v_answer = 'confirmed' THEN now() ELSE c.confirmed_at END,
         doubt_until = CASE WHEN v_answer IS NULL THEN c.doubt_until END
   WHERE c.id = v_claim.id;
  IF v_answer IS NOT NULL THEN
    PERFORM live_claim_doubt_answer(v_claim.id, v_answer, p_user_id);
  END IF;
  IF p_action = 'confirm' AND v_claim.state = 'waitlisted' THEN
    -- Waitlisted for a piece nobody holds any more (a line added by hand, then removed): served now.
    v_given := live_claim_hand_over(v_state, v_claim.product_id, p_rules);
    IF v_given IS NOT NULL THEN
      v_orders := v_orders || v_given;
    END IF;
  END IF;
  RETURN jsonb_build_object('orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
