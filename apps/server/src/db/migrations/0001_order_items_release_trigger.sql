-- An order line releases its product when the order is cancelled, so that the product can be sold
-- again; the partial unique index order_items_product_sold_once then ignores it. Kept by triggers
-- so that no code path can forget it.
CREATE FUNCTION order_items_sync_release_from_order() RETURNS trigger AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    UPDATE order_items
       SET is_released = NEW.status IN ('cancelled-by-customer', 'cancelled-by-admin')
     WHERE order_id = NEW.id;
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER orders_release_items_on_status
AFTER UPDATE OF status ON orders
FOR EACH ROW EXECUTE FUNCTION order_items_sync_release_from_order();
--> statement-breakpoint
CREATE FUNCTION order_items_set_release_on_insert() RETURNS trigger AS $$
BEGIN
  SELECT status IN ('cancelled-by-customer', 'cancelled-by-admin') INTO NEW.is_released
    FROM orders WHERE id = NEW.order_id;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER order_items_release_on_insert
BEFORE INSERT ON order_items
FOR EACH ROW EXECUTE FUNCTION order_items_set_release_on_insert();
