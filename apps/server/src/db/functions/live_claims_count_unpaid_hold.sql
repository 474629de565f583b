-- A hold that ended unpaid (the trigger live_claims_count_unpaid_hold, once per claim): its row in
-- expired_holds keeps the order's last payment form of that moment (the customer was paying, or
-- had tried to). When a payment of the order already waits for staff (an open payment to review),
-- the money is there: the hold is that payment's, and counts nothing. Otherwise +1 on the order's
-- customer, taken back if a payment arrives later (payment_reviews_late_holds).
CREATE OR REPLACE FUNCTION live_claims_count_unpaid_hold() RETURNS trigger AS $$
DECLARE
  v_order orders;
  v_review_id uuid;
BEGIN
  SELECT * INTO v_order FROM orders o WHERE o.id = OLD.order_id;
  SELECT r.id INTO v_review_id FROM payment_reviews r
   WHERE r.order_id = OLD.order_id AND r.status = 'open'
   ORDER BY r.created_at DESC LIMIT 1;
  INSERT INTO expired_holds (claim_id, payment_form_at, late_payment_review_id, counted)
  VALUES (NEW.id, v_order.payment_started_at, v_review_id, v_review_id IS NULL)
  ON CONFLICT (claim_id) DO NOTHING;
  IF FOUND AND v_review_id IS NULL THEN
    UPDATE users u SET unpaid_holds = u.unpaid_holds + 1 WHERE u.id = v_order.user_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
