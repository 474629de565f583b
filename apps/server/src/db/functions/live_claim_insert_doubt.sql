-- A doubt (decision 037) at its comment's rank: pending when the piece is free, waitlisted when it
-- is held, waiting for staff until doubt_until (the pass drops it then: live_claims_expire_doubts).
CREATE OR REPLACE FUNCTION live_claim_insert_doubt(
  p_live_id uuid, p_state live_claim_state, p_item jsonb, p_piece jsonb, p_product_id uuid, p_held boolean,
  p_reason text, p_rules jsonb
) RETURNS void AS $$
BEGIN
  INSERT INTO live_claims AS c (live_id, event_id, seq, handle, product_id, size_read, color_read, state, queue_rank,
                                doubt_reason, doubt_until, doubt_reading)
  VALUES (p_live_id, (p_item ->> 'eventId')::uuid, (p_item ->> 'seq')::bigint, p_item ->> 'handle', p_product_id,
          p_piece ->> 'size', p_piece ->> 'color',
          CASE WHEN p_held THEN 'waitlisted' ELSE 'pending' END,
          (p_item ->> 'seq')::bigint,
          p_reason, live_claim_now() + make_interval(secs => live_claim_doubt_wait(p_state, p_rules)),
          jsonb_build_object('claims', coalesce(p_item -> 'claims', '[]'),
                             'doubts', coalesce(p_item -> 'doubts', '[]'),
                             'unclaims', coalesce(p_item -> 'unclaims', '[]')));
END;
$$ LANGUAGE plpgsql;
