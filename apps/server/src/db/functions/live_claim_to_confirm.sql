-- 'À confirmer': a doubt staff have not confirmed, waiting for the piece or holding it as pending
-- (the domain's isToConfirm says the same).
CREATE OR REPLACE FUNCTION live_claim_to_confirm(p_claim live_claims) RETURNS boolean AS $$
  SELECT (p_claim).doubt_reason IS NOT NULL AND (p_claim).confirmed_at IS NULL
     AND (p_claim).state IN ('pending', 'waitlisted');
$$ LANGUAGE sql IMMUTABLE;
