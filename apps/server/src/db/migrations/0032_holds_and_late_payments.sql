-- Holds and payments that cross (decision 036).
--
-- A payment form defers a hold's end once: to the end of the form running when the hold came to
-- its end. Asking a new form every 14 minutes moved the end again each time, and kept the piece
-- from the waitlist for good.
--
-- A payment that reaches the shop after its order's hold ended (the card was being charged when
-- the form's time ran out) is no unpaid hold: the strike counted at the end is taken back, or never
-- counted when the payment was known first, and staff may give the piece back to its payer.

ALTER TABLE "live_claims" ADD COLUMN "hold_deferred_at" timestamp with time zone;
--> statement-breakpoint

-- One row per hold that ended unpaid (a claim released 'hold-expired'), written by the end's own
-- transaction. Holds that ended before this migration have none: a payment arriving for them is a
-- payment to review like any other.
CREATE TABLE "expired_holds" (
	"claim_id" uuid PRIMARY KEY NOT NULL,
	"payment_form_at" timestamp with time zone,
	"late_payment_review_id" uuid,
	"counted" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expired_holds" ADD CONSTRAINT "expired_holds_claim_id_live_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."live_claims"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "expired_holds" ADD CONSTRAINT "expired_holds_late_payment_review_id_payment_reviews_id_fk" FOREIGN KEY ("late_payment_review_id") REFERENCES "public"."payment_reviews"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "expired_holds_late_payment_idx" ON "expired_holds" USING btree ("late_payment_review_id") WHERE "expired_holds"."late_payment_review_id" IS NOT NULL;
--> statement-breakpoint

-- A hold's end (decision 030), the payment form's deferral now given once per claim: the first
-- time the end finds a form of the order still running it moves to that form's end and notes it
-- (hold_deferred_at); from then on no form moves it again, and the end that follows releases the
-- piece. A new claim, even into the same order, gets its own deferral.
CREATE OR REPLACE FUNCTION live_claim_expire(p_claim_id uuid, p_rules jsonb) RETURNS jsonb AS $$
DECLARE
  v_live_id uuid;
  v_state live_claim_state;
  v_claim live_claims;
  v_order orders;
  v_until timestamptz;
  v_release record;
BEGIN
  SELECT c.live_id INTO v_live_id FROM live_claims c WHERE c.id = p_claim_id;
  IF v_live_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none');
  END IF;
  v_state := live_claim_lock(v_live_id);
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF v_claim.state <> 'in-order' OR v_claim.order_id IS NULL THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  SELECT * INTO v_order FROM orders o WHERE o.id = v_claim.order_id FOR UPDATE;
  IF NOT (v_order.status = ANY (live_claim_editable(p_rules))) THEN
    RETURN jsonb_build_object('outcome', 'none', 'liveId', v_live_id);
  END IF;
  v_until := v_claim.held_until;
  IF v_claim.hold_deferred_at IS NULL THEN
    v_until := greatest(v_until,
      v_order.payment_started_at + make_interval(secs => (p_rules ->> 'paymentWindowSeconds')::integer));
  END IF;
  IF v_until > now() THEN
    IF v_until > v_claim.held_until THEN
      UPDATE live_claims c SET held_until = v_until, hold_deferred_at = now() WHERE c.id = p_claim_id;
    END IF;
    PERFORM graphile_worker.add_job('claim_hold_expired', json_build_object('claimId', p_claim_id),
      run_at := v_until, max_attempts := 10, job_key := 'claim-hold:' || p_claim_id);
    RETURN jsonb_build_object('outcome', 'deferred', 'liveId', v_live_id);
  END IF;
  SELECT * INTO v_release FROM live_claim_release(v_state, p_claim_id, 'hold-expired', false, p_rules);
  RETURN jsonb_build_object('outcome', v_release.outcome, 'liveId', v_live_id,
                            'orders', to_jsonb(v_release.orders_changed));
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

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
--> statement-breakpoint

-- A payment to review of an order whose holds ended after a payment form was issued for it is a
-- late payment on those pieces: they become its own (one payment per hold), and the strikes their
-- ends counted are taken back by the job late_payment_strikes. Not here: this runs in the payment's
-- transaction, which holds the order's lock, and the engine's give locks a customer before their
-- order; the job takes the customer's row alone.
CREATE FUNCTION payment_reviews_late_holds() RETURNS trigger AS $$
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
--> statement-breakpoint
CREATE TRIGGER payment_reviews_late_holds AFTER INSERT ON payment_reviews
  FOR EACH ROW WHEN (NEW.order_id IS NOT NULL)
  EXECUTE FUNCTION payment_reviews_late_holds();
--> statement-breakpoint

-- The strikes of a late payment's holds, taken back once (the rows' lock: a second run finds them
-- uncounted), from the customer of each hold's order (a merge moved the order and its count
-- together). Returns how many.
CREATE FUNCTION late_payment_take_back_strikes(p_review_id uuid) RETURNS integer AS $$
  WITH taken AS (
    UPDATE expired_holds h SET counted = false
     WHERE h.late_payment_review_id = p_review_id AND h.counted
    RETURNING h.claim_id
  ), per_customer AS (
    SELECT o.user_id, count(*)::integer AS holds
      FROM taken t JOIN live_claims c ON c.id = t.claim_id JOIN orders o ON o.id = c.order_id
     GROUP BY o.user_id
  ), forgiven AS (
    UPDATE users u SET unpaid_holds = greatest(u.unpaid_holds - p.holds, 0)
      FROM per_customer p WHERE u.id = p.user_id
    RETURNING u.id
  )
  SELECT count(*)::integer FROM taken;
$$ LANGUAGE sql;
--> statement-breakpoint

-- Why a late payment's pieces cannot go back to its payer now (null: they can), and the piece's
-- ref: 'not-late', 'order-closed', 'piece-paid', 'piece-being-paid', 'piece-in-order'
-- (LATE_PAYMENT_REFUSALS in the domain). What is fair: the payer paid while the piece was theirs,
-- so it goes back unless someone has paid for it since (or is paying now: a running form wins, as
-- over a hold's end), or staff put it in an order by hand. Read by the list as it is, and by the
-- give-back under the locks.
CREATE FUNCTION late_payment_give_back_refusal(
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
  IF v_status IS NULL OR NOT (v_status = ANY (live_claim_editable(p_rules))) THEN
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
--> statement-breakpoint

-- Staff's 'Rendre la pièce' on a late payment (the caller holds the review's lock and settles it
-- as the order's payment after): under the live's claim lock, then the orders' locks, each piece's
-- holder that has not paid goes back to the waitlist, first in line again (its rank was the lowest
-- when it was handed the piece; its line leaves its order), the payer's own later claims of it give
-- way, and the payer's claim takes the piece again into the order the payment was for, held by
-- that payment (no hold to run). Refused as late_payment_give_back_refusal says, changing nothing.
-- Returns { refusal, ref } or { liveId, orders, refs }.
CREATE FUNCTION late_payment_give_back(p_review_id uuid, p_rules jsonb) RETURNS jsonb AS $$
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
