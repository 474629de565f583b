CREATE OR REPLACE TRIGGER live_claims_mark_handed_over BEFORE UPDATE OF state ON live_claims
  FOR EACH ROW WHEN (OLD.state = 'waitlisted' AND NEW.state IN ('pending', 'in-order'))
  EXECUTE FUNCTION live_claims_mark_handed_over();
