-- The pieces of a live the sweep looks at again under the claim lock, found without it: free with
-- a waitlist (only a race leaves one), or sold outside claims while claims still wait for them.
-- A SQL function, so its query is planned at each call with the live it is given; without JIT,
-- which the planner chose for a live of 999 pieces and which cost 2 s of compiling a second.
CREATE OR REPLACE FUNCTION live_claims_pieces_to_look_at(p_live_id uuid) RETURNS uuid[] AS $$
  SELECT coalesce(array_agg(p.id ORDER BY p.ref), '{}') FROM products p
   WHERE p.live_id = p_live_id
     AND (EXISTS (SELECT 1 FROM live_claims q WHERE q.product_id = p.id AND q.state = 'waitlisted')
          AND NOT EXISTS (SELECT 1 FROM live_claims h WHERE h.product_id = p.id AND h.state IN ('pending', 'in-order'))
          AND NOT EXISTS (SELECT 1 FROM held_pieces i WHERE i.product_id = p.id)
       OR EXISTS (SELECT 1 FROM live_claims q WHERE q.product_id = p.id AND q.state IN ('pending', 'waitlisted'))
          AND live_claim_sale_order(p.id) IS NOT NULL);
$$ LANGUAGE sql STABLE SET jit = off;
