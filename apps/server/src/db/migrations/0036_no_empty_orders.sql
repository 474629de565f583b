-- No empty order to validate or pay (decision 040). An order the claims engine empties (a hold
-- ended, a piece was released or un-claimed, a late payment took a piece back) while it still
-- waits for payment is cancelled in the same transaction, as 'cancelled-empty': it leaves the
-- customer's live page, staff's working lists and the preparation board, and a payment arriving
-- for it moves nothing (a payment to review). A new claim of the same viewer makes a new order
-- (live_claim_give reuses a to-validate order only); staff giving a late payment's piece back
-- reopens the order it paid, which that payment then pays.
--
-- The new status is added here and used only in plpgsql bodies (read when they run, after this
-- migration committed) or compared as text: a new enum value cannot be used in the transaction
-- that adds it.

ALTER TYPE "public"."order_status" ADD VALUE 'cancelled-empty';
--> statement-breakpoint

-- The shop's own settings staff edit in the back office, one row. No minimum order by default.
CREATE TABLE "shop_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"minimum_order_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id"),
	CONSTRAINT "shop_settings_minimum_order" CHECK ("shop_settings"."minimum_order_cents" IS NULL OR "shop_settings"."minimum_order_cents" > 0)
);
--> statement-breakpoint
INSERT INTO "shop_settings" ("id") VALUES (true);
--> statement-breakpoint

-- The order, emptied by the engine, is cancelled when it still waited for payment (its lines may
-- change: p_editable) and no line is left. The caller holds the order's lock (it deleted the
-- line). Returns whether it was cancelled.
CREATE FUNCTION order_cancel_if_empty(p_order_id uuid, p_editable order_status[]) RETURNS boolean AS $$
BEGIN
  UPDATE orders o SET status = 'cancelled-empty', updated_at = now()
   WHERE o.id = p_order_id AND o.status = ANY (p_editable)
     AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id);
  RETURN FOUND;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- As in 0025, and the order that lost its line is cancelled when that line was its last.
CREATE OR REPLACE FUNCTION live_claim_release(
  p_state live_claim_state, p_claim_id uuid, p_reason text, p_line_gone boolean, p_rules jsonb,
  OUT outcome text, OUT orders_changed uuid[]
) AS $$
DECLARE
  v_claim live_claims;
  v_status order_status;
  v_given uuid;
BEGIN
  orders_changed := '{}';
  SELECT * INTO v_claim FROM live_claims c WHERE c.id = p_claim_id;
  IF NOT FOUND OR v_claim.state = 'released' THEN
    outcome := 'none';
    RETURN;
  END IF;
  IF v_claim.state = 'in-order' AND NOT p_line_gone AND v_claim.order_id IS NOT NULL THEN
    SELECT o.status INTO v_status FROM orders o WHERE o.id = v_claim.order_id FOR UPDATE;
    IF NOT (v_status = ANY (live_claim_editable(p_rules))) THEN
      outcome := 'kept';
      RETURN;
    END IF;
  END IF;
  UPDATE live_claims c
     SET state = 'released', release_reason = p_reason, held_until = NULL, order_item_id = NULL
   WHERE c.id = p_claim_id;
  IF v_claim.state = 'in-order' AND NOT p_line_gone AND v_claim.order_item_id IS NOT NULL THEN
    DELETE FROM order_items i WHERE i.id = v_claim.order_item_id;
    PERFORM order_cancel_if_empty(v_claim.order_id, live_claim_editable(p_rules));
    orders_changed := orders_changed || v_claim.order_id;
  END IF;
  IF v_claim.state IN ('pending', 'in-order') THEN
    v_given := live_claim_hand_over(p_state, v_claim.product_id, p_rules);
    IF v_given IS NOT NULL THEN
      orders_changed := orders_changed || v_given;
    END IF;
  END IF;
  outcome := 'released';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

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
--> statement-breakpoint

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
--> statement-breakpoint

-- As in 0030, an order cancelled because it is empty leaves its parcel like any cancelled one.
CREATE OR REPLACE FUNCTION orders_parcel_leave_when_cancelled() RETURNS trigger AS $$
DECLARE
  remaining uuid[];
  lead_paid boolean;
  new_lead uuid;
  member uuid;
BEGIN
  IF NEW.status NOT IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty')
     OR OLD.status IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty') THEN
    RETURN NEW;
  END IF;
  IF NEW.parcel_lead_id IS NOT NULL THEN
    NEW.parcel_lead_id := NULL;
    IF NEW.tracking_id IS NOT NULL AND NEW.shipping_label_path IS NULL THEN
      NEW.tracking_id := NULL;
    END IF;
    RETURN NEW;
  END IF;
  SELECT array_agg(id ORDER BY (status = 'paid') DESC, order_date, id), bool_or(status = 'paid')
    INTO remaining, lead_paid
  FROM (SELECT id, status, order_date FROM orders
        WHERE parcel_lead_id = NEW.id
          AND status NOT IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty')
        ORDER BY id
        FOR UPDATE) AS members;
  -- Cancelled members (none should remain) are let go too.
  FOR member IN SELECT id FROM orders WHERE parcel_lead_id = NEW.id AND NOT (id = ANY (coalesce(remaining, '{}'))) LOOP
    PERFORM orders_parcel_free(member, NEW.tracking_id);
  END LOOP;
  IF remaining IS NULL THEN
    RETURN NEW;
  END IF;
  -- The lead's label goes with it: the parcel that remains has none yet. A parcel leaves from a
  -- paid order: with none left, or one order only, each goes on its own.
  IF array_length(remaining, 1) = 1 OR NOT lead_paid THEN
    FOREACH member IN ARRAY remaining LOOP
      PERFORM orders_parcel_free(member, NEW.tracking_id);
    END LOOP;
    RETURN NEW;
  END IF;
  new_lead := remaining[1];
  -- The new lead (paid) is freed first, then the others point at it.
  PERFORM orders_parcel_free(new_lead, NEW.tracking_id);
  UPDATE orders SET parcel_lead_id = new_lead,
                    tracking_id = CASE WHEN tracking_id IS NOT DISTINCT FROM NEW.tracking_id THEN NULL ELSE tracking_id END,
                    updated_at = now()
  WHERE id = ANY (remaining[2:]);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- As in 0030, compared as text (see above).
DROP TRIGGER orders_parcel_cancelled_fee_back ON orders;
--> statement-breakpoint
CREATE TRIGGER orders_parcel_cancelled_fee_back
  AFTER UPDATE OF status ON orders
  FOR EACH ROW
  WHEN (NEW.waived_shipping_fee_cents IS NOT NULL
        AND NEW.status::text IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty')
        AND OLD.status::text IN ('to-validate', 'to-pay'))
  EXECUTE FUNCTION orders_parcel_cancelled_fee_back();
--> statement-breakpoint

-- As in 0001: a line of an order cancelled for being empty holds no piece either (none should be
-- left in it; a status written by hand must not keep pieces from sale).
CREATE OR REPLACE FUNCTION order_items_sync_release_from_order() RETURNS trigger AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE order_items
       SET is_released = NEW.status IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty')
     WHERE order_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_items_set_release_on_insert() RETURNS trigger AS $$
BEGIN
  SELECT status IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty') INTO NEW.is_released
    FROM orders WHERE id = NEW.order_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A template type is an order status or a notice kind (MESSAGE_TEMPLATE_TYPES): the new status
-- joins them (a text column: no enum value used here).
ALTER TABLE "message_templates" DROP CONSTRAINT "message_templates_type";
--> statement-breakpoint
ALTER TABLE "message_templates" ADD CONSTRAINT "message_templates_type" CHECK ("message_templates"."type" in ('to-validate', 'to-pay', 'paid', 'preparing', 'to-ship', 'shipped', 'delivered', 'cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty', 'claim-reserved', 'claim-reminder', 'claim-expired', 'claim-handed-over'));
--> statement-breakpoint

-- The new status' message, as default-message-templates.ts has it; a shop's own stays (last
-- statement of this file: a test runs it again).
INSERT INTO "message_templates" ("type", "title", "body", "scope")
VALUES ('cancelled-empty', 'Votre commande est vide', '<p>Bonjour,</p><p>Votre commande ne contient plus aucune pièce : elle a été annulée et il n''y a rien à régler.</p><p>À très vite en live !</p>', ARRAY['back-office']::text[])
ON CONFLICT ("type") DO NOTHING;
