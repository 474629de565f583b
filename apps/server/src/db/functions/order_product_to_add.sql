-- Whether an order of the live p_live_id (p_order_id when it exists) may take the product, checked
-- in the spec's order; raises the refusal, else returns the line's price and colour as they are
-- now. A piece already held is refused without waiting for the insert (a claim rush's common case)
-- with the very error the sold-once index gives, which stays the last word for two takers at once.
CREATE OR REPLACE FUNCTION order_product_to_add(p_live_id uuid, p_order_id uuid, p_product_id uuid)
RETURNS TABLE (price_cents integer, color jsonb) AS $$
DECLARE
  v_product record;
BEGIN
  SELECT p.live_id, p.ref, p.price_cents,
         CASE WHEN c.name IS NOT NULL AND c.hex_code IS NOT NULL
              THEN jsonb_build_object('name', c.name, 'hex_code', c.hex_code) END AS color,
         EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = p_order_id AND i.product_id = p.id) AS in_order,
         EXISTS (SELECT 1 FROM held_pieces h WHERE h.product_id = p.id) AS held
    INTO v_product
    FROM products p LEFT JOIN product_colors c ON c.id = p.color_id
   WHERE p.id = p_product_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:not-in-live';
  END IF;
  IF v_product.live_id <> p_live_id THEN
    RAISE EXCEPTION 'order:not-in-live' USING HINT = v_product.ref::text;
  END IF;
  IF v_product.in_order THEN
    RAISE EXCEPTION 'order:already-in-order';
  END IF;
  IF v_product.held THEN
    RAISE EXCEPTION 'order:already-sold'
      USING ERRCODE = 'unique_violation', CONSTRAINT = 'order_items_product_sold_once';
  END IF;
  RETURN QUERY SELECT v_product.price_cents, v_product.color;
END;
$$ LANGUAGE plpgsql;
