CREATE OR REPLACE TRIGGER live_claims_guard_move BEFORE UPDATE OF state ON live_claims
  FOR EACH ROW WHEN (OLD.state IS DISTINCT FROM NEW.state)
  EXECUTE FUNCTION live_claims_guard_move();
