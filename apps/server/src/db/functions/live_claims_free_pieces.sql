-- Pieces of the live the sweep found without the lock, free with a waitlist or sold outside claims
-- while claims wait for them, looked at again under the claim lock (each may have changed since):
-- the claims still waiting for a piece sold outside claims are answered as sold, once, and never
-- handed the piece; a free piece goes to its next claimer (live_claim_hand_over checks it is free).
CREATE OR REPLACE FUNCTION live_claims_free_pieces(p_live_id uuid, p_pieces uuid[], p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_state live_claim_state;
  v_before bigint;
  v_product_id uuid;
  v_order_id uuid;
  v_orders uuid[] := '{}';
BEGIN
  v_state := live_claim_lock(p_live_id);
  v_before := live_claim_version_now();
  FOR v_product_id IN
    SELECT p.id FROM products p WHERE p.id = ANY (p_pieces) AND p.live_id = p_live_id ORDER BY p.ref
  LOOP
    IF live_claim_sale_order(v_product_id) IS NOT NULL THEN
      UPDATE live_claims c SET state = 'released', release_reason = 'sold', doubt_until = NULL
       WHERE c.product_id = v_product_id AND c.state IN ('pending', 'waitlisted');
      CONTINUE;
    END IF;
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
