-- A batch of comments decided in the transaction that stores them, under the ingestion lock: the
-- live's events before the batch's first are all committed, so the claims cursor must have read
-- them all; when it has not (the engine is behind, or this instance could not decide an earlier
-- batch), nothing is decided here and the engine's pass reads them in order after the commit.
CREATE OR REPLACE FUNCTION live_claims_apply_at_ingest(
  p_live_id uuid, p_first_seq bigint, p_last_seq bigint, p_comments integer, p_items jsonb, p_rules jsonb
) RETURNS jsonb AS $$
DECLARE
  v_before bigint;
BEGIN
  SELECT coalesce(max(t.seq), 0) INTO v_before FROM tiktok_events t
   WHERE t.live_id = p_live_id AND t.seq < p_first_seq;
  -- Read without the lock first: a cursor behind now is the engine's to move (its pass may hold
  -- the claim lock over a backlog, and the ingestion must not wait behind it for nothing).
  IF coalesce((SELECT s.last_seq FROM live_claim_state s WHERE s.live_id = p_live_id), 0) <> v_before THEN
    RETURN jsonb_build_object('stale', true);
  END IF;
  RETURN live_claims_apply(p_live_id, v_before, p_last_seq, p_comments, p_items, p_rules);
END;
$$ LANGUAGE plpgsql;
