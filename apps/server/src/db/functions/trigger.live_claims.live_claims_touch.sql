CREATE OR REPLACE TRIGGER live_claims_touch BEFORE UPDATE ON live_claims
  FOR EACH ROW EXECUTE FUNCTION live_claims_touch();
