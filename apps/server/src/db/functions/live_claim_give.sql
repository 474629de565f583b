-- Gives the claim's piece to its viewer: their to-validate order of the live reached as the
-- sidebar's add reaches it (order_open_for_handle), the line added by the one add-item path, the
-- hold started (its end is found by the engine's sweep, by the held_until index: a job per hold
-- cost every given piece a job's insert on the comments' path). Raises the orders core's
-- refusal. Returns the order.
-- Unlike the sidebar's add, a live that ended still gives: holds outlive the live.
CREATE OR REPLACE FUNCTION live_claim_give(p_claim_id uuid, p_hold_seconds integer, p_rules jsonb) RETURNS uuid AS $$
DECLARE
  v_claim live_claims;
  v_order_id uuid;
  v_line_id uuid;
  v_until timestamptz;
BEGIN
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  SELECT o.order_id INTO v_order_id
    FROM order_open_for_handle(v_claim.live_id, v_claim.product_id, v_claim.handle,
                               (p_rules ->> 'lockKeyPrefix') || v_claim.handle, v_claim.handle || (p_rules ->> 'emailSuffix'),
                               NULL, (p_rules ->> 'fee')::integer, p_rules ->> 'shippingType', p_rules ->> 'prefix') o;
  v_line_id := order_add_item(v_order_id, v_claim.product_id, v_claim.event_id, live_claim_editable(p_rules));
  v_until := live_claim_now() + make_interval(secs => p_hold_seconds);
  UPDATE live_claims c
     SET state = 'in-order', order_id = v_order_id, order_item_id = v_line_id, held_until = v_until,
         release_reason = NULL
   WHERE c.id = p_claim_id;
  RETURN v_order_id;
END;
$$ LANGUAGE plpgsql;
