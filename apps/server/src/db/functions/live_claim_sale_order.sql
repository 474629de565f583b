-- The order of a line that holds the piece without any claim holding it through that line: the
-- piece was sold outside claims. Null when no such line holds it.
CREATE OR REPLACE FUNCTION live_claim_sale_order(p_product_id uuid) RETURNS uuid AS $$
  SELECT i.order_id FROM order_items i
   WHERE i.product_id = p_product_id AND NOT i.is_released
     AND NOT EXISTS (SELECT 1 FROM live_claims c WHERE c.order_item_id = i.id AND c.state = 'in-order')
   ORDER BY i.created_at, i.id LIMIT 1;
$$ LANGUAGE sql STABLE;
