-- How long a doubt waits for staff: the live's own, else the shop's.
CREATE OR REPLACE FUNCTION live_claim_doubt_wait(p_state live_claim_state, p_rules jsonb) RETURNS integer AS $$
  SELECT coalesce((p_state).doubt_seconds, (p_rules ->> 'shopDoubtSeconds')::integer);
$$ LANGUAGE sql IMMUTABLE;
