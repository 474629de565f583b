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
  v_user_created boolean;
  v_order_id uuid;
  v_order_created boolean;
BEGIN
  SELECT l.is_active INTO v_active FROM lives l WHERE l.id = p_live_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'order:live-not-found';
  END IF;
  IF NOT v_active THEN
    RAISE EXCEPTION 'order:live-not-active';
  END IF;

  SELECT o.order_id, o.order_created, o.user_created INTO v_order_id, v_order_created, v_user_created
    FROM order_open_for_handle(p_live_id, p_product_id, p_handle, p_claim_lock_key, p_placeholder_email, p_comment,
                               p_shipping_fee_cents, p_shipping_type, p_order_number_prefix) o;
  PERFORM order_add_item(v_order_id, p_product_id, p_source_event_id, p_editable_statuses);

  RETURN QUERY SELECT v_order_id, v_order_created, v_user_created;
END;
$$ LANGUAGE plpgsql;
