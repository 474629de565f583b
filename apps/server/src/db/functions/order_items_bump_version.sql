-- Every change to an order's lines bumps its items_version (payment forms issued before it no
-- longer pay, migration 0016), which has the total recomputed. A line moved to another order
-- changes both.
CREATE OR REPLACE FUNCTION order_items_bump_version() RETURNS trigger AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE orders SET items_version = items_version + 1, updated_at = now() WHERE id = OLD.order_id;
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.order_id IS DISTINCT FROM OLD.order_id) THEN
    UPDATE orders SET items_version = items_version + 1, updated_at = now() WHERE id = NEW.order_id;
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
