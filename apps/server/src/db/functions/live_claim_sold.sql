-- A claim of a piece sold outside claims, answered at once: a claim row released 'sold' (once per
-- viewer and piece: a viewer asking again is not counted again). Whether the piece is so sold.
CREATE OR REPLACE FUNCTION live_claim_sold(p_live_id uuid, p_item jsonb, p_piece jsonb, p_product_id uuid, p_doubt_reason text)
RETURNS boolean AS $$
BEGIN
  IF live_claim_sale_order(p_product_id) IS NULL THEN
    RETURN false;
  END IF;
  IF NOT EXISTS (SELECT 1 FROM live_claims c
                  WHERE c.product_id = p_product_id AND c.handle = p_item ->> 'handle' AND c.release_reason = 'sold') THEN
    INSERT INTO live_claims (live_id, event_id, seq, handle, product_id, size_read, color_read, state, queue_rank,
                             release_reason, doubt_reason)
    VALUES (p_live_id, (p_item ->> 'eventId')::uuid, (p_item ->> 'seq')::bigint, p_item ->> 'handle', p_product_id,
            p_piece ->> 'size', p_piece ->> 'color', 'released', (p_item ->> 'seq')::bigint, 'sold', p_doubt_reason);
  END IF;
  RETURN true;
END;
$$ LANGUAGE plpgsql;
