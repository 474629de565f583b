CREATE OR REPLACE TRIGGER orders_release_items_on_status
AFTER UPDATE OF status ON orders
FOR EACH ROW EXECUTE FUNCTION order_items_sync_release_from_order();
