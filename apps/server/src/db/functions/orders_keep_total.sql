-- An order's total: its own shipping fee plus each line's price times its quantity. Computed here
-- only: on insert (no line yet), when the fee changes, when anything writes the total (it is put
-- back), and when the lines change (order_items_bump_version below bumps items_version).
CREATE OR REPLACE FUNCTION orders_keep_total() RETURNS trigger AS $$
BEGIN
  NEW.total_amount_cents := NEW.shipping_fee_cents + coalesce(
    (SELECT sum(i.price_cents * i.quantity) FROM order_items i WHERE i.order_id = NEW.id), 0);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
