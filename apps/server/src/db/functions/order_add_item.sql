-- The one add-item path: the order locked (two changes to one order run one after the other),
-- its lines still editable (p_editable_statuses, the domain's rule), the product checked, one line
-- at quantity 1 at the product's price and colour. The total follows by trigger. The source
-- comment is kept when it is one of the order's live (for the record only). Returns the line's id.
CREATE OR REPLACE FUNCTION order_add_item(
  p_order_id uuid,
  p_product_id uuid,
  p_source_event_id uuid,
  p_editable_statuses order_status[]
) RETURNS uuid AS $$
DECLARE
  v_live_id uuid;
  v_status order_status;
  v_price integer;
  v_color jsonb;
  v_line_id uuid;
BEGIN
  SELECT o.live_id, o.status INTO v_live_id, v_status FROM orders o WHERE o.id = p_order_id FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:order-not-found';
  END IF;
  IF NOT (v_status = ANY (p_editable_statuses)) THEN
    RAISE EXCEPTION 'order:items-locked';
  END IF;
  SELECT a.price_cents, a.color INTO v_price, v_color
    FROM order_product_to_add(v_live_id, p_order_id, p_product_id) a;
  INSERT INTO order_items AS i (order_id, product_id, quantity, price_cents, color, source_event_id)
  VALUES (p_order_id, p_product_id, 1, v_price, v_color,
          (SELECT e.id FROM tiktok_events e WHERE e.id = p_source_event_id AND e.live_id = v_live_id))
  RETURNING i.id INTO v_line_id;
  RETURN v_line_id;
END;
$$ LANGUAGE plpgsql;
