-- What the engine does besides comments, for what a message or the clock named, under the claim
-- lock: the inbox's lines, holds past due by p_overdue_seconds (their job late or lost) and doubts
-- whose wait ran out, each found by its index. It visits none of the live's pieces: it ran every
-- second and on every inbox message, and a scan of the 999 pieces of a busy live under the lock
-- held every batch of comments behind it (the pieces to look at again are found without the
-- lock, then live_claims_free_pieces). A batch of comments does the inbox and the doubts itself.
CREATE OR REPLACE FUNCTION live_claims_settle(p_live_id uuid, p_overdue_seconds integer, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_before bigint;
  v_expired jsonb;
  v_claim_id uuid;
  v_orders uuid[];
BEGIN
  v_state := live_claim_lock(p_live_id);
  v_before := live_claim_version_now();
  v_orders := live_claims_apply_inbox(v_state, p_rules);
  FOR v_claim_id IN
    SELECT c.id FROM live_claims c
     WHERE c.state = 'in-order' AND c.held_until < live_claim_now() - make_interval(secs => p_overdue_seconds)
       AND c.live_id = p_live_id
     ORDER BY c.held_until
  LOOP
    v_expired := live_claim_expire(v_claim_id, p_rules);
    v_orders := v_orders || ARRAY(SELECT jsonb_array_elements_text(coalesce(v_expired -> 'orders', '[]')))::uuid[];
  END LOOP;
  v_orders := v_orders || live_claims_expire_doubts(v_state, p_rules);
  RETURN jsonb_build_object(
    'changed', EXISTS (SELECT 1 FROM live_claims c WHERE c.live_id = p_live_id AND c.version > v_before),
    'orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
