-- A claim of a reference that is no piece of the live: kept once per comment and reference.
CREATE OR REPLACE FUNCTION live_claim_unknown_ref(p_live_id uuid, p_item jsonb, p_piece jsonb) RETURNS void AS $$
  INSERT INTO live_claim_unknown_refs (live_id, event_id, seq, handle, ref)
  VALUES (p_live_id, (p_item ->> 'eventId')::uuid, (p_item ->> 'seq')::bigint, p_item ->> 'handle',
          (p_piece ->> 'ref')::integer)
  ON CONFLICT (event_id, ref) DO NOTHING;
$$ LANGUAGE sql;
