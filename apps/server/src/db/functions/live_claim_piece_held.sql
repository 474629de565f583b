-- Whether someone holds the piece: an order line (the orders core's held predicate) or another
-- claim pending or in an order.
CREATE OR REPLACE FUNCTION live_claim_piece_held(p_product_id uuid, p_except uuid) RETURNS boolean AS $$
  SELECT EXISTS (SELECT 1 FROM held_pieces h WHERE h.product_id = p_product_id)
      OR EXISTS (SELECT 1 FROM live_claims c
                  WHERE c.product_id = p_product_id AND c.state IN ('pending', 'in-order')
                    AND c.id IS DISTINCT FROM p_except);
$$ LANGUAGE sql STABLE;
