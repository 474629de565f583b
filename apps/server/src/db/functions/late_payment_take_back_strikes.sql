-- The strikes of a late payment's holds, taken back once (the rows' lock: a second run finds them
-- uncounted), from the customer of each hold's order (a merge moved the order and its count
-- together). Returns how many.
CREATE OR REPLACE FUNCTION late_payment_take_back_strikes(p_review_id uuid) RETURNS integer AS $$
  WITH taken AS (
    UPDATE expired_holds h SET counted = false
     WHERE h.late_payment_review_id = p_review_id AND h.counted
    RETURNING h.claim_id
  ), per_customer AS (
    SELECT o.user_id, count(*)::integer AS holds
      FROM taken t JOIN live_claims c ON c.id = t.claim_id JOIN orders o ON o.id = c.order_id
     GROUP BY o.user_id
  ), forgiven AS (
    UPDATE users u SET unpaid_holds = greatest(u.unpaid_holds - p.holds, 0)
      FROM per_customer p WHERE u.id = p.user_id
    RETURNING u.id
  )
  SELECT count(*)::integer FROM taken;
$$ LANGUAGE sql;
