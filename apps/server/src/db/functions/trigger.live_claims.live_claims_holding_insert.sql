CREATE OR REPLACE TRIGGER live_claims_holding_insert BEFORE INSERT ON live_claims
  FOR EACH ROW WHEN (NEW.state IN ('pending', 'in-order'))
  EXECUTE FUNCTION live_claims_mark_holding();
