CREATE OR REPLACE TRIGGER orders_status_customer_notice AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status IN ('paid', 'shipped'))
  EXECUTE FUNCTION orders_status_customer_notice();
