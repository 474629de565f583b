-- As in 0032, and: an order emptied by a piece going back to its payer is cancelled; the payer's
-- order, cancelled when the engine emptied it, is reopened as waiting for payment (it was, when
-- its form was issued) before its pieces come back, so the payment that follows pays them.
CREATE OR REPLACE FUNCTION late_payment_give_back(p_review_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_order_id uuid;
  v_live_id uuid;
  v_refusal record;
  v_claim live_claims;
  v_other live_claims;
  v_line_id uuid;
  v_orders uuid[] := '{}';
  v_refs integer[] := '{}';
BEGIN
  SELECT r.order_id, o.live_id INTO v_order_id, v_live_id
    FROM payment_reviews r LEFT JOIN orders o ON o.id = r.order_id WHERE r.id = p_review_id;
  IF v_live_id IS NOT NULL THEN
    PERFORM live_claim_lock(v_live_id);
    PERFORM 1 FROM orders o
     WHERE o.id = v_order_id
        OR o.id IN (SELECT k.order_id FROM expired_holds h
                      JOIN live_claims c ON c.id = h.claim_id
                      JOIN live_claims k ON k.product_id = c.product_id AND k.state = 'in-order'
                     WHERE h.late_payment_review_id = p_review_id)
     ORDER BY o.id FOR UPDATE;
  END IF;
  SELECT * INTO v_refusal FROM late_payment_give_back_refusal(p_review_id, p_rules);
  IF v_refusal.refusal IS NOT NULL THEN
    RETURN jsonb_build_object('refusal', v_refusal.refusal, 'ref', v_refusal.ref);
  END IF;
  UPDATE orders o SET status = 'to-pay', updated_at = now()
   WHERE o.id = v_order_id AND o.status = 'cancelled-empty';
  FOR v_claim IN
    SELECT c.* FROM expired_holds h JOIN live_claims c ON c.id = h.claim_id
     WHERE h.late_payment_review_id = p_review_id AND c.state = 'released'
     ORDER BY c.seq
  LOOP
    FOR v_other IN
      SELECT k.* FROM live_claims k
       WHERE k.product_id = v_claim.product_id AND k.id <> v_claim.id AND k.state <> 'released'
         AND (k.state IN ('pending', 'in-order') OR k.handle = v_claim.handle)
    LOOP
      -- The claim first, then its line: the line's delete then finds no claim in it to tell the
      -- engine about.
      IF v_other.handle = v_claim.handle THEN
        UPDATE live_claims k
           SET state = 'released', release_reason = 'staff', held_until = NULL, order_item_id = NULL
         WHERE k.id = v_other.id;
      ELSE
        UPDATE live_claims k
           SET state = 'waitlisted', order_id = NULL, order_item_id = NULL, held_until = NULL
         WHERE k.id = v_other.id;
      END IF;
      IF v_other.state = 'in-order' AND v_other.order_item_id IS NOT NULL THEN
        DELETE FROM order_items i WHERE i.id = v_other.order_item_id;
        IF v_other.order_id IS DISTINCT FROM v_order_id THEN
          PERFORM order_cancel_if_empty(v_other.order_id, live_claim_editable(p_rules));
        END IF;
        v_orders := v_orders || v_other.order_id;
      END IF;
    END LOOP;
    v_line_id := order_add_item(v_order_id, v_claim.product_id, v_claim.event_id, live_claim_editable(p_rules));
    UPDATE live_claims c
       SET state = 'in-order', release_reason = NULL, order_id = v_order_id, order_item_id = v_line_id,
           held_until = NULL
     WHERE c.id = v_claim.id;
    -- The piece comes back paid: "réservé, à régler avant la fin" would be wrong news.
    DELETE FROM customer_notices n
     WHERE n.claim_id = v_claim.id AND n.sent_at IS NULL AND n.kind <> 'claim-expired';
    v_refs := v_refs || (SELECT p.ref FROM products p WHERE p.id = v_claim.product_id);
  END LOOP;
  RETURN jsonb_build_object('liveId', v_live_id, 'orders', to_jsonb(v_orders || v_order_id),
                            'refs', to_jsonb(v_refs));
END;
$$ LANGUAGE plpgsql;
