CREATE OR REPLACE TRIGGER live_claims_customer_notice_update AFTER UPDATE OF state ON live_claims
  FOR EACH ROW WHEN (
    NEW.order_id IS NOT NULL AND OLD.state IS DISTINCT FROM NEW.state
    AND (NEW.state = 'in-order'
         OR (OLD.state = 'in-order' AND NEW.state = 'released'
             AND NEW.release_reason IN ('hold-expired', 'staff'))))
  EXECUTE FUNCTION live_claims_customer_notice();
