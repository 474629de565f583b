CREATE OR REPLACE TRIGGER order_items_release_on_insert
BEFORE INSERT ON order_items
FOR EACH ROW EXECUTE FUNCTION order_items_set_release_on_insert();
