-- How a size is compared: no case, spaces or dots; no size at all is one size ('tu').
CREATE OR REPLACE FUNCTION live_claim_size_key(p_size text) RETURNS text AS $$
  SELECT CASE WHEN k IN ('', 'tu', 'tailleunique', 'unique') THEN 'tu' ELSE k END
    FROM (SELECT lower(regexp_replace(coalesce(p_size, ''), '[[:space:].]', '', 'g')) AS k) s;
$$ LANGUAGE sql IMMUTABLE;
