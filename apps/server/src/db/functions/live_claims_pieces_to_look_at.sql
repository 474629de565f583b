-- The pieces of a live the sweep looks at again under the claim lock, found without it: free with
-- a waitlist (only a race leaves one), or sold outside claims while claims still wait for them.
-- With p_since_version, only the pieces of claims changed since (the live's versions grow in
-- commit order): a holder gone behind the engine's back; without, every piece of the live (a line
-- added by hand changes no claim). A SQL function, so its query is planned at each call with the
-- values it is given, and without JIT, which the planner chose for a live of 999 pieces and which
-- cost 2 s of compiling each time.
DROP FUNCTION IF EXISTS live_claims_pieces_to_look_at(uuid);
CREATE OR REPLACE FUNCTION live_claims_pieces_to_look_at(p_live_id uuid, p_since_version bigint) RETURNS uuid[] AS $$
  SELECT coalesce(array_agg(p.id ORDER BY p.ref), '{}') FROM products p
   WHERE p.live_id = p_live_id
     AND (p_since_version IS NULL
          OR p.id IN (SELECT c.product_id FROM live_claims c WHERE c.live_id = p_live_id AND c.version > p_since_version))
     AND (EXISTS (SELECT 1 FROM live_claims q WHERE q.product_id = p.id AND q.state = 'waitlisted')
          AND NOT EXISTS (SELECT 1 FROM live_claims h WHERE h.product_id = p.id AND h.state IN ('pending', 'in-order'))
          AND NOT EXISTS (SELECT 1 FROM held_pieces i WHERE i.product_id = p.id)
       OR EXISTS (SELECT 1 FROM live_claims q WHERE q.product_id = p.id AND q.state IN ('pending', 'waitlisted'))
          AND live_claim_sale_order(p.id) IS NOT NULL);
$$ LANGUAGE sql STABLE SET jit = off;
