CREATE OR REPLACE FUNCTION order_items_set_release_on_insert() RETURNS trigger AS $$
BEGIN
  SELECT status IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty') INTO NEW.is_released
    FROM orders WHERE id = NEW.order_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
