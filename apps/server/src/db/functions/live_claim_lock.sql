-- The live's claim lock: its state row, created at first use.
CREATE OR REPLACE FUNCTION live_claim_lock(p_live_id uuid) RETURNS live_claim_state AS $$
DECLARE
  v_state live_claim_state;
BEGIN
  SELECT * INTO v_state FROM live_claim_state s WHERE s.live_id = p_live_id FOR UPDATE;
  IF FOUND THEN
    RETURN v_state;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM lives l WHERE l.id = p_live_id) THEN
    RAISE EXCEPTION 'claim:live-not-found';
  END IF;
  INSERT INTO live_claim_state (live_id) VALUES (p_live_id) ON CONFLICT (live_id) DO NOTHING;
  SELECT * INTO v_state FROM live_claim_state s WHERE s.live_id = p_live_id FOR UPDATE;
  RETURN v_state;
END;
$$ LANGUAGE plpgsql;
