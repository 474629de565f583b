-- The order, emptied by the engine, is cancelled when it still waited for payment (its lines may
-- change: p_editable) and no line is left. The caller holds the order's lock (it deleted the
-- line). Returns whether it was cancelled.
CREATE OR REPLACE FUNCTION order_cancel_if_empty(p_order_id uuid, p_editable order_status[]) RETURNS boolean AS $$
BEGIN
  UPDATE orders o SET status = 'cancelled-empty', updated_at = now()
   WHERE o.id = p_order_id AND o.status = ANY (p_editable)
     AND NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id);
  RETURN FOUND;
END;
$$ LANGUAGE plpgsql;
