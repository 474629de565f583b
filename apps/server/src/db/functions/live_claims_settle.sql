-- What the engine does besides comments (as in claim_doubts), and the claims of pieces sold
-- outside claims since they were made answered as sold.
CREATE OR REPLACE FUNCTION live_claims_settle(p_live_id uuid, p_overdue_seconds integer, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_before bigint;
  v_inbox record;
  v_release record;
  v_expired jsonb;
  v_claim_id uuid;
  v_product_id uuid;
  v_order_id uuid;
  v_orders uuid[] := '{}';
BEGIN
  v_state := live_claim_lock(p_live_id);
  v_before := live_claim_version_now();
  FOR v_inbox IN DELETE FROM live_claim_inbox b WHERE b.live_id = p_live_id RETURNING b.id, b.claim_id, b.reason LOOP
    SELECT * INTO v_release FROM live_claim_release(v_state, v_inbox.claim_id, v_inbox.reason, true, p_rules);
    v_orders := v_orders || v_release.orders_changed;
  END LOOP;
  FOR v_claim_id IN
    SELECT c.id FROM live_claims c
     WHERE c.live_id = p_live_id AND c.state = 'in-order'
       AND c.held_until < live_claim_now() - make_interval(secs => p_overdue_seconds)
     ORDER BY c.held_until
  LOOP
    v_expired := live_claim_expire(v_claim_id, p_rules);
    v_orders := v_orders || ARRAY(SELECT jsonb_array_elements_text(coalesce(v_expired -> 'orders', '[]')))::uuid[];
  END LOOP;
  FOR v_claim_id IN
    SELECT c.id FROM live_claims c
     WHERE c.live_id = p_live_id AND c.doubt_until IS NOT NULL AND c.confirmed_at IS NULL
       AND c.state IN ('pending', 'waitlisted')
       AND c.doubt_until < live_claim_now() - make_interval(secs => p_overdue_seconds)
     ORDER BY c.doubt_until
  LOOP
    v_expired := live_claim_doubt_expire(v_claim_id, p_rules);
    v_orders := v_orders || ARRAY(SELECT jsonb_array_elements_text(coalesce(v_expired -> 'orders', '[]')))::uuid[];
  END LOOP;
  -- Pieces sold outside claims since (added to an order by reference): the claims still waiting
  -- for them, or holding them as pending, are answered as sold, once, and never handed the piece.
  FOR v_product_id IN
    SELECT p.id FROM products p
     WHERE p.live_id = p_live_id
       AND EXISTS (SELECT 1 FROM live_claims w WHERE w.product_id = p.id AND w.state IN ('pending', 'waitlisted'))
       AND live_claim_sale_order(p.id) IS NOT NULL
  LOOP
    UPDATE live_claims c SET state = 'released', release_reason = 'sold', doubt_until = NULL
     WHERE c.product_id = v_product_id AND c.state IN ('pending', 'waitlisted');
  END LOOP;
  -- Each piece with a waitlist checked once, however long its waitlist.
  FOR v_product_id IN
    -- By the live's pieces (a few hundred), each with one probe of its waitlist, rather than by
    -- the live's waitlisted claims (thousands in a busy live): this runs every second.
    SELECT p.id FROM products p
     WHERE p.live_id = p_live_id
       AND EXISTS (SELECT 1 FROM live_claims w WHERE w.product_id = p.id AND w.state = 'waitlisted')
       AND NOT live_claim_piece_held(p.id, NULL)
     ORDER BY p.ref
  LOOP
    v_order_id := live_claim_hand_over(v_state, v_product_id, p_rules);
    IF v_order_id IS NOT NULL THEN
      v_orders := v_orders || v_order_id;
    END IF;
  END LOOP;
  RETURN jsonb_build_object(
    'changed', EXISTS (SELECT 1 FROM live_claims c WHERE c.live_id = p_live_id AND c.version > v_before),
    'orders', to_jsonb(v_orders));
END;
$$ LANGUAGE plpgsql;
