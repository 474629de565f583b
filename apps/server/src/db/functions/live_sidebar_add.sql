CREATE OR REPLACE FUNCTION live_sidebar_add(
  p_live_id uuid,
  p_product_id uuid,
  p_handle text,
  p_claim_lock_key text,
  p_placeholder_email text,
  p_comment text,
  p_shipping_fee_cents integer,
  p_shipping_type text,
  p_order_number_prefix text,
  p_source_event_id uuid,
  p_editable_statuses order_status[]
) RETURNS TABLE (order_id uuid, order_created boolean, user_created boolean) AS $$
DECLARE
  v_active boolean;
  v_user_id uuid;
  v_user_created boolean := false;
  v_order_id uuid;
  v_order_created boolean := false;
BEGIN
  SELECT l.is_active INTO v_active FROM lives l WHERE l.id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:live-not-found';
  END IF;
  IF NOT v_active THEN
    RAISE EXCEPTION 'order:live-not-active';
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

  IF v_order_id IS NULL THEN
    -- Checked before a new order takes the live's row: other adds of the live wait on it.
    PERFORM order_product_to_add(p_live_id, NULL, p_product_id);
    SELECT c.created_id INTO v_order_id
      FROM order_create(p_live_id, v_user_id, p_comment, p_shipping_fee_cents, p_shipping_type,
                        p_order_number_prefix) c;
    v_order_created := true;
  END IF;
  PERFORM order_add_item(v_order_id, p_product_id, p_source_event_id, p_editable_statuses);

  RETURN QUERY SELECT v_order_id, v_order_created, v_user_created;
END;
$$ LANGUAGE plpgsql;
