-- What every job about one claim opens with (a hold's end, a doubt's wait): the claim's live found,
-- its claim lock taken, and the claim read again under it, as it may have changed while the lock
-- was awaited. A null live: the claim is gone.
CREATE OR REPLACE FUNCTION live_claim_lock_claim(
  p_claim_id uuid, OUT live_id uuid, OUT claim_state live_claim_state, OUT claim live_claims
) AS $$
BEGIN
  SELECT c.live_id INTO live_id FROM live_claims c WHERE c.id = p_claim_id;
  IF live_id IS NULL THEN
    RETURN;
  END IF;
  claim_state := live_claim_lock(live_id);
  SELECT * INTO claim FROM live_claims c WHERE c.id = p_claim_id;
END;
$$ LANGUAGE plpgsql;
