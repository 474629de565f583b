-- The highest version drawn so far: claims of a live changed by the caller have a higher one.
CREATE OR REPLACE FUNCTION live_claim_version_now() RETURNS bigint AS $$
  SELECT s.last_value FROM live_claim_version s;
$$ LANGUAGE sql;
