CREATE OR REPLACE FUNCTION live_claim_hold(p_state live_claim_state, p_rules jsonb) RETURNS integer AS $$
  SELECT coalesce((p_state).hold_seconds, (p_rules ->> 'shopHoldSeconds')::integer);
$$ LANGUAGE sql IMMUTABLE;
