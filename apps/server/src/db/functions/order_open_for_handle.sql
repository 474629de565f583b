-- The viewer's to-validate order of the live, as the sidebar's add and a claim's give both reach
-- it: the user found by handle (another platform's key first through the customer's proven
-- accounts) or created (with a placeholder email) under the handle's claim
-- lock, the lock a sign-up confirming the handle takes, so the two never both create or take the
-- row; then their latest to-validate order of the live, locked as the order page locks it, or a
-- new one. Checked before a new order takes the live's row: other adds of the live wait on it.
CREATE OR REPLACE FUNCTION order_open_for_handle(
  p_live_id uuid, p_product_id uuid, p_handle text, p_claim_lock_key text, p_placeholder_email text,
  p_comment text, p_shipping_fee_cents integer, p_shipping_type text, p_order_number_prefix text,
  OUT order_id uuid, OUT order_created boolean, OUT user_created boolean
) AS $$
DECLARE
  v_user_id uuid;
BEGIN
  order_created := false;
  user_created := false;
  PERFORM pg_advisory_xact_lock(hashtext(p_claim_lock_key));
  -- Another platform's viewer proven by (or linked to) a customer joins that customer's order.
  IF p_handle ~ '^(youtube|facebook|instagram):' THEN
    SELECT u.id INTO v_user_id FROM user_platform_handles h JOIN users u ON u.id = h.user_id
     WHERE h.viewer_key = p_handle FOR UPDATE OF u;
  END IF;
  IF v_user_id IS NULL THEN
    SELECT u.id INTO v_user_id FROM users u WHERE lower(u.tiktok_username) = p_handle FOR UPDATE;
  END IF;
  IF v_user_id IS NULL THEN
    INSERT INTO users (tiktok_username, email) VALUES (p_handle, p_placeholder_email)
      RETURNING id INTO v_user_id;
    user_created := true;
  END IF;
  SELECT o.id INTO order_id FROM orders o
   WHERE o.user_id = v_user_id AND o.live_id = p_live_id AND o.status = 'to-validate'
   ORDER BY o.order_date DESC LIMIT 1 FOR UPDATE;
  IF order_id IS NULL THEN
    PERFORM order_product_to_add(p_live_id, NULL, p_product_id);
    SELECT c.created_id INTO order_id
      FROM order_create(p_live_id, v_user_id, p_comment, p_shipping_fee_cents, p_shipping_type,
                        p_order_number_prefix) c;
    order_created := true;
  END IF;
END;
$$ LANGUAGE plpgsql;
