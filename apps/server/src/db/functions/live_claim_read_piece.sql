-- What a comment's claim and its doubt of a piece both check first: the piece of the live with the
-- reference asked for (a reference that is none is kept as unknown); then nothing new when the
-- viewer already claims the piece or has it in one of their orders (added by hand), and a piece
-- sold outside claims answered at once, never queued (p_doubt_reason: the doubt's, null for a
-- claim). Returns the piece and whether it is held, or a null piece when nothing is left to do.
CREATE OR REPLACE FUNCTION live_claim_read_piece(
  p_live_id uuid, p_item jsonb, p_piece jsonb, p_doubt_reason text, OUT piece_id uuid, OUT piece_held boolean
) AS $$
DECLARE
  v_handle text := p_item ->> 'handle';
BEGIN
  SELECT p.id INTO piece_id FROM products p
   WHERE p.live_id = p_live_id AND p.ref = (p_piece ->> 'ref')::integer;
  IF piece_id IS NULL THEN
    PERFORM live_claim_unknown_ref(p_live_id, p_item, p_piece);
    RETURN;
  END IF;
  -- A repeated claim is not a new one.
  IF EXISTS (SELECT 1 FROM live_claims c
              WHERE c.product_id = piece_id AND c.handle = v_handle AND c.state <> 'released') THEN
    piece_id := NULL;
    RETURN;
  END IF;
  piece_held := live_claim_piece_held(piece_id, NULL);
  -- Two steps, not one OR: SQL does not promise its order, and the sale's answer writes.
  IF piece_held AND EXISTS (
       SELECT 1 FROM held_pieces h JOIN orders o ON o.id = h.order_id JOIN users u ON u.id = o.user_id
        WHERE h.product_id = piece_id AND lower(u.tiktok_username) = v_handle) THEN
    piece_id := NULL;
  ELSIF piece_held AND live_claim_sold(p_live_id, p_item, p_piece, piece_id, p_doubt_reason) THEN
    piece_id := NULL;
  END IF;
END;
$$ LANGUAGE plpgsql;
