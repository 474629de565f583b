-- The live sidebar's one-gesture add (spec §4, §5; decision 019), run as one call: the add's
-- twelve statements are the same as before, but one round trip instead of twelve keeps staff's add
-- fast while a live's comments pour in. Each statement sees what committed before it (READ
-- COMMITTED, a fresh snapshot per statement), so the handle's claim lock still guards the look-up
-- that follows it. A refusal raises 'live-sidebar-add:<reason>' (the product's reference in HINT
-- when there is one); the server turns it into the spec's message, and the call, one statement,
-- leaves nothing behind. The callers' rules stay the server's: the handle comes normalised, the
-- lock key, placeholder e-mail, shipping fee and type and order number prefix come as arguments.
CREATE FUNCTION live_sidebar_add(
  p_live_id uuid,
  p_product_id uuid,
  p_handle text,
  p_claim_lock_key text,
  p_placeholder_email text,
  p_comment text,
  p_shipping_fee_cents integer,
  p_shipping_type text,
  p_order_number_prefix text,
  p_source_event_id uuid
) RETURNS TABLE (order_id uuid, order_created boolean, user_created boolean) AS $$
DECLARE
  v_active boolean;
  v_user_id uuid;
  v_user_created boolean := false;
  v_order_id uuid;
  v_order_created boolean := false;
  v_product record;
  v_live_ref text;
  v_sequence integer;
  v_source_event_id uuid;
BEGIN
  SELECT l.is_active INTO v_active FROM lives l WHERE l.id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'live-sidebar-add:live-not-found';
  END IF;
  IF NOT v_active THEN
    RAISE EXCEPTION 'live-sidebar-add:live-not-active';
  END IF;

  -- The lock a sign-up confirming this handle takes: the two never both create or take the row.
  PERFORM pg_advisory_xact_lock(hashtext(p_claim_lock_key));
  SELECT u.id INTO v_user_id FROM users u WHERE lower(u.tiktok_username) = p_handle FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO users (tiktok_username, email) VALUES (p_handle, p_placeholder_email)
      RETURNING id INTO v_user_id;
    v_user_created := true;
  END IF;

  -- Locked as the order page locks it.
  SELECT o.id INTO v_order_id FROM orders o
   WHERE o.user_id = v_user_id AND o.live_id = p_live_id AND o.status = 'to-validate'
   ORDER BY o.order_date DESC LIMIT 1 FOR UPDATE;

  -- Checked before a new order takes the live's row: other adds of the live wait on it.
  SELECT p.live_id, p.ref, p.price_cents,
         CASE WHEN c.name IS NOT NULL AND c.hex_code IS NOT NULL
              THEN jsonb_build_object('name', c.name, 'hex_code', c.hex_code) END AS color,
         EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = v_order_id AND i.product_id = p.id) AS in_order,
         EXISTS (SELECT 1 FROM order_items i WHERE i.product_id = p.id AND NOT i.is_released) AS held
    INTO v_product
    FROM products p LEFT JOIN product_colors c ON c.id = p.color_id
   WHERE p.id = p_product_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'live-sidebar-add:not-in-live';
  END IF;
  IF v_product.live_id <> p_live_id THEN
    RAISE EXCEPTION 'live-sidebar-add:not-in-live' USING HINT = v_product.ref::text;
  END IF;
  IF v_product.in_order THEN
    RAISE EXCEPTION 'live-sidebar-add:already-in-order';
  END IF;
  -- A piece already held is refused without waiting for the insert (a claim rush's common case);
  -- the sold-once index stays the last word for two takers at the same moment.
  IF v_product.held THEN
    RAISE EXCEPTION 'live-sidebar-add:already-sold';
  END IF;

  -- The comment the line was claimed by, kept when it is one of this live's (for the record only).
  SELECT e.id INTO v_source_event_id FROM tiktok_events e WHERE e.id = p_source_event_id AND e.live_id = p_live_id;

  IF v_order_id IS NULL THEN
    -- The UPDATE that reads the counter locks the live's row until commit: two new orders get two
    -- numbers, and a refusal rolls the counter back.
    UPDATE lives l SET order_counter = l.order_counter + 1 WHERE l.id = p_live_id
      RETURNING l.ref, l.order_counter INTO v_live_ref, v_sequence;
    INSERT INTO orders (order_number, live_id, user_id, status, total_amount_cents, shipping_type, comment)
      VALUES (p_order_number_prefix || v_live_ref || '-' || v_sequence, p_live_id, v_user_id, 'to-validate',
              p_shipping_fee_cents + v_product.price_cents, p_shipping_type, p_comment)
      RETURNING id INTO v_order_id;
    v_order_created := true;
    INSERT INTO order_items (order_id, product_id, quantity, price_cents, color, source_event_id)
      VALUES (v_order_id, p_product_id, 1, v_product.price_cents, v_product.color, v_source_event_id);
  ELSE
    INSERT INTO order_items (order_id, product_id, quantity, price_cents, color, source_event_id)
      VALUES (v_order_id, p_product_id, 1, v_product.price_cents, v_product.color, v_source_event_id);
    UPDATE orders o
       SET total_amount_cents = p_shipping_fee_cents
             + (SELECT coalesce(sum(i.price_cents * i.quantity), 0) FROM order_items i WHERE i.order_id = v_order_id),
           updated_at = now()
     WHERE o.id = v_order_id;
  END IF;

  RETURN QUERY SELECT v_order_id, v_order_created, v_user_created;
END;
$$ LANGUAGE plpgsql;
