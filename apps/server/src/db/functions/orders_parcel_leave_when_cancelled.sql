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
