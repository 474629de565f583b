-- The claims' clock: the time holds and doubts are given and expire by. It is the transaction's
-- time, unless the session set `vitrine.claims_clock` (a replay of a live, which runs a live of
-- hours in seconds: its holds and doubts must end by the events' receive times, not by the wall
-- clock). The server never sets it.
CREATE OR REPLACE FUNCTION live_claim_now() RETURNS timestamptz AS $$
  SELECT coalesce(nullif(current_setting('vitrine.claims_clock', true), '')::timestamptz, now());
$$ LANGUAGE sql STABLE;
