-- When a claim last began to hold its piece (pending, or in an order): live:check proves from it
-- that no later claimer got a piece while a doubt ahead of it waited. Claims from before this
-- migration have none. The WHEN clauses keep the function from being called for the claims that
-- only wait, most of a busy live's.
CREATE OR REPLACE FUNCTION live_claims_mark_holding() RETURNS trigger AS $$
BEGIN
  NEW.holding_since := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
