-- A payment to review of an order whose holds ended after a payment form was issued for it is a
-- late payment on those pieces: they become its own (one payment per hold), and the strikes their
-- ends counted are taken back by the job late_payment_strikes. Not here: this runs in the payment's
-- transaction, which holds the order's lock, and the engine's give locks a customer before their
-- order; the job takes the customer's row alone.
CREATE OR REPLACE FUNCTION payment_reviews_late_holds() RETURNS trigger AS $$
BEGIN
  UPDATE expired_holds h SET late_payment_review_id = NEW.id
    FROM live_claims c
   WHERE c.id = h.claim_id AND c.order_id = NEW.order_id
     AND h.late_payment_review_id IS NULL AND h.payment_form_at IS NOT NULL;
  IF EXISTS (SELECT 1 FROM expired_holds h WHERE h.late_payment_review_id = NEW.id AND h.counted) THEN
    PERFORM graphile_worker.add_job('late_payment_strikes', json_build_object('reviewId', NEW.id),
      max_attempts := 10, job_key := 'late-payment-strikes:' || NEW.id);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
