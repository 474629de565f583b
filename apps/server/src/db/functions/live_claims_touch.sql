-- Every change of a claim draws a new version (under the claim lock: per live, in commit order).
CREATE OR REPLACE FUNCTION live_claims_touch() RETURNS trigger AS $$
BEGIN
  NEW.version := nextval('live_claim_version');
  NEW.updated_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
