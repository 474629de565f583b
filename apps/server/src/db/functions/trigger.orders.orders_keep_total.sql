CREATE OR REPLACE TRIGGER orders_keep_total
  BEFORE INSERT OR UPDATE OF shipping_fee_cents, total_amount_cents, items_version ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_keep_total();
