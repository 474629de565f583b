-- The domain's needsStaffToGive, word for word (a test keeps the two in step).
CREATE OR REPLACE FUNCTION live_claim_needs_staff(p_unpaid_holds integer, p_limit integer) RETURNS boolean AS $$
  SELECT p_limit > 0 AND p_unpaid_holds >= p_limit;
$$ LANGUAGE sql IMMUTABLE;
