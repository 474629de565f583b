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
