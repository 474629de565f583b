-- One answer to a doubt, with what the corpus needs: the comment, the reading the engine made of
-- it, the piece's ref, who answered (null: its wait ran out).
CREATE OR REPLACE FUNCTION live_claim_doubt_answer(p_claim_id uuid, p_answer text, p_user_id uuid) RETURNS void AS $$
  INSERT INTO live_claim_doubt_answers (live_id, claim_id, handle, comment, reading, ref, answer, answered_by_user_id)
  SELECT c.live_id, c.id, c.handle, coalesce(e.comment, ''), c.doubt_reading, p.ref, p_answer, p_user_id
    FROM live_claims c JOIN products p ON p.id = c.product_id LEFT JOIN tiktok_events e ON e.id = c.event_id
   WHERE c.id = p_claim_id;
$$ LANGUAGE sql;
