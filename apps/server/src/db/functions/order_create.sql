-- A new order of a live: to-validate, no line, numbered {prefix}{live ref}-{n} from the live's
-- counter. The UPDATE that reads the counter locks the live's row until commit: two new orders get
-- two numbers, and a refusal rolls the counter back. The fee, shipping type and prefix are the
-- server's rules and come as arguments.
CREATE OR REPLACE FUNCTION order_create(
  p_live_id uuid,
  p_user_id uuid,
  p_comment text,
  p_shipping_fee_cents integer,
  p_shipping_type text,
  p_order_number_prefix text
) RETURNS TABLE (created_id uuid, created_number text) AS $$
DECLARE
  v_live_ref text;
  v_sequence integer;
  v_id uuid;
  v_number text;
BEGIN
  UPDATE lives l SET order_counter = l.order_counter + 1 WHERE l.id = p_live_id
    RETURNING l.ref, l.order_counter INTO v_live_ref, v_sequence;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:new-order-live-not-found';
  END IF;
  INSERT INTO orders AS o (order_number, live_id, user_id, status, shipping_fee_cents, shipping_type, comment)
  VALUES (p_order_number_prefix || v_live_ref || '-' || v_sequence, p_live_id, p_user_id, 'to-validate',
          p_shipping_fee_cents, p_shipping_type, p_comment)
  RETURNING o.id, o.order_number INTO v_id, v_number;
  RETURN QUERY SELECT v_id, v_number;
END;
$$ LANGUAGE plpgsql;
