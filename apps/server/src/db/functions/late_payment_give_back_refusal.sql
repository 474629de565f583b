-- As in 0032, an order the engine emptied still counting as waiting for its payment: the pieces
-- go back into it and the payment pays it.
CREATE OR REPLACE FUNCTION late_payment_give_back_refusal(
  p_review_id uuid, p_rules jsonb, OUT refusal text, OUT ref integer
) AS $$
DECLARE
  v_status order_status;
  v_piece record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM expired_holds h WHERE h.late_payment_review_id = p_review_id) THEN
    refusal := 'not-late';
    RETURN;
  END IF;
  SELECT o.status INTO v_status FROM payment_reviews r JOIN orders o ON o.id = r.order_id
   WHERE r.id = p_review_id;
  IF v_status IS NULL
     OR NOT (v_status::text = 'cancelled-empty' OR v_status = ANY (live_claim_editable(p_rules))) THEN
    refusal := 'order-closed';
    RETURN;
  END IF;
  FOR v_piece IN
    SELECT p.ref, k.state AS holder_state, ko.status AS holder_status,
           ko.payment_started_at AS holder_form_at,
           k.id IS NULL AND EXISTS (SELECT 1 FROM held_pieces hp WHERE hp.product_id = c.product_id) AS by_hand
      FROM expired_holds h
      JOIN live_claims c ON c.id = h.claim_id
      JOIN products p ON p.id = c.product_id
      LEFT JOIN live_claims k ON k.product_id = c.product_id AND k.state IN ('pending', 'in-order')
      LEFT JOIN orders ko ON ko.id = k.order_id
     WHERE h.late_payment_review_id = p_review_id AND c.state = 'released'
     ORDER BY p.ref
  LOOP
    IF v_piece.by_hand THEN
      refusal := 'piece-in-order';
    ELSIF v_piece.holder_state = 'in-order'
          AND NOT coalesce(v_piece.holder_status = ANY (live_claim_editable(p_rules)), false) THEN
      refusal := 'piece-paid';
    ELSIF v_piece.holder_state = 'in-order'
          AND v_piece.holder_form_at + make_interval(secs => (p_rules ->> 'paymentWindowSeconds')::integer) > now() THEN
      refusal := 'piece-being-paid';
    END IF;
    IF refusal IS NOT NULL THEN
      ref := v_piece.ref;
      RETURN;
    END IF;
  END LOOP;
END;
$$ LANGUAGE plpgsql STABLE;
