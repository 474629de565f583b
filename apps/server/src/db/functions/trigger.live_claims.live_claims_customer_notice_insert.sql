-- Two triggers, one function: a trigger that also fires on INSERT may not read OLD in its WHEN.
-- Their WHEN clauses keep the function from being called at all for the claims that say nothing,
-- most of a busy live's: waitlisted inserts, waitlist moves, un-claims.
CREATE OR REPLACE TRIGGER live_claims_customer_notice_insert AFTER INSERT ON live_claims
  FOR EACH ROW WHEN (NEW.state = 'in-order' AND NEW.order_id IS NOT NULL)
  EXECUTE FUNCTION live_claims_customer_notice();
