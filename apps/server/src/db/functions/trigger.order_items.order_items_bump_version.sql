CREATE OR REPLACE TRIGGER order_items_bump_version
  AFTER INSERT OR DELETE OR UPDATE OF price_cents, quantity, order_id ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_bump_version();
