-- A claim that leaves the waitlist to be served (handed over: pending in manual mode, in an order
-- in automatic mode) keeps the moment, so that its notice says "C'est à vous !" rather than
-- "Réservé pour vous", even when staff give it later.
CREATE OR REPLACE FUNCTION live_claims_mark_handed_over() RETURNS trigger AS $$
BEGIN
  NEW.handed_over_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
