-- Combined parcels stay sound whatever writes the orders (decision 033): a parcel is one lead and
-- its members, never a chain, and a cancelled order (by staff, the customer, an expired hold or a
-- refund, one at a time or several at once) never stays in a parcel.

-- A member points at a lead that is in no parcel itself, and a lead is never made a member. The
-- lead's row is read FOR SHARE: a concurrent write making it a member waits for this one, then
-- sees the member this one added (and the other way round), so two racing writes cannot build a
-- chain between them.
CREATE FUNCTION orders_parcel_no_chain() RETURNS trigger AS $$
DECLARE
  lead_of_lead uuid;
BEGIN
  IF NEW.parcel_lead_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT parcel_lead_id INTO lead_of_lead FROM orders WHERE id = NEW.parcel_lead_id FOR SHARE;
  IF lead_of_lead IS NOT NULL THEN
    RAISE EXCEPTION 'parcel:chain' USING HINT = 'the lead is itself a member of a parcel';
  END IF;
  IF EXISTS (SELECT 1 FROM orders WHERE parcel_lead_id = NEW.id AND id <> NEW.id) THEN
    RAISE EXCEPTION 'parcel:chain' USING HINT = 'a lead cannot become a member';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_parcel_no_chain
  BEFORE INSERT OR UPDATE OF parcel_lead_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_parcel_no_chain();
--> statement-breakpoint

-- An order leaving its parcel: an unpaid one gets back the fee it rode without; a paid one keeps
-- what it paid (its fee, if it was refunded, stays the shop's cost). Either way it no longer
-- carries the parcel's tracking number.
CREATE FUNCTION orders_parcel_free(member_id uuid, old_tracking text) RETURNS void AS $$
BEGIN
  UPDATE orders SET
    parcel_lead_id = NULL,
    shipping_fee_cents = CASE
      WHEN waived_shipping_fee_cents IS NOT NULL AND status IN ('to-validate', 'to-pay')
        THEN shipping_fee_cents + waived_shipping_fee_cents
      ELSE shipping_fee_cents END,
    items_version = CASE
      WHEN waived_shipping_fee_cents IS NOT NULL AND status IN ('to-validate', 'to-pay')
        THEN items_version + 1
      ELSE items_version END,
    waived_shipping_fee_cents = NULL,
    tracking_id = CASE WHEN tracking_id IS NOT DISTINCT FROM old_tracking THEN NULL ELSE tracking_id END,
    updated_at = now()
  WHERE id = member_id;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint

-- A cancelled order leaves its parcel. A cancelled member simply leaves; a cancelled lead hands
-- the parcel to the earliest remaining order (paid first), or frees the last one. The members are
-- locked first: one cancelled at the same moment (the refunds cancel in parallel) is seen as it
-- ends, not as it began.
CREATE FUNCTION orders_parcel_leave_when_cancelled() RETURNS trigger AS $$
DECLARE
  remaining uuid[];
  lead_paid boolean;
  new_lead uuid;
  member uuid;
BEGIN
  IF NEW.status NOT IN ('cancelled-by-customer', 'cancelled-by-admin')
     OR OLD.status IN ('cancelled-by-customer', 'cancelled-by-admin') THEN
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
          AND status NOT IN ('cancelled-by-customer', 'cancelled-by-admin')
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
CREATE TRIGGER orders_parcel_leave_when_cancelled
  BEFORE UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_parcel_leave_when_cancelled();
--> statement-breakpoint

-- A member that rode free and is cancelled before paying gets its fee back (on its own row, after
-- the status is written, so the total trigger recounts): should staff bring it back, it is charged
-- as an order shipped alone. One cancelled once paid keeps what it paid.
CREATE FUNCTION orders_parcel_cancelled_fee_back() RETURNS trigger AS $$
BEGIN
  UPDATE orders SET
    shipping_fee_cents = shipping_fee_cents + waived_shipping_fee_cents,
    waived_shipping_fee_cents = NULL,
    items_version = items_version + 1
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_parcel_cancelled_fee_back
  AFTER UPDATE OF status ON orders
  FOR EACH ROW
  WHEN (NEW.waived_shipping_fee_cents IS NOT NULL
        AND NEW.status IN ('cancelled-by-customer', 'cancelled-by-admin')
        AND OLD.status IN ('to-validate', 'to-pay'))
  EXECUTE FUNCTION orders_parcel_cancelled_fee_back();
