CREATE OR REPLACE TRIGGER order_items_claims_inbox BEFORE DELETE OR UPDATE OF is_released ON order_items
  FOR EACH ROW EXECUTE FUNCTION order_items_claims_inbox();
