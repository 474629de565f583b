CREATE OR REPLACE TRIGGER live_claims_count_unpaid_hold AFTER UPDATE ON live_claims
  FOR EACH ROW
  WHEN (OLD.state = 'in-order' AND NEW.state = 'released' AND NEW.release_reason = 'hold-expired')
  EXECUTE FUNCTION live_claims_count_unpaid_hold();
