-- Whether the claim's viewer is a customer the engine gives nothing to by itself.
CREATE OR REPLACE FUNCTION live_claim_waits_for_staff(p_claim_id uuid, p_rules jsonb) RETURNS boolean AS $$
  SELECT EXISTS (
    SELECT 1 FROM live_claims c JOIN users u ON lower(u.tiktok_username) = c.handle
     WHERE c.id = p_claim_id
       AND live_claim_needs_staff(u.unpaid_holds, coalesce((p_rules ->> 'unpaidHoldsLimit')::integer, 0)));
$$ LANGUAGE sql STABLE;
