-- A member that rode free and is cancelled before paying gets its fee back (on its own row, after
-- the status is written, so the total trigger recounts): should staff bring it back, it is charged
-- as an order shipped alone. One cancelled once paid keeps what it paid.
CREATE OR REPLACE FUNCTION orders_parcel_cancelled_fee_back() RETURNS trigger AS $$
BEGIN
  UPDATE orders SET
    shipping_fee_cents = shipping_fee_cents + waived_shipping_fee_cents,
    waived_shipping_fee_cents = NULL,
    items_version = items_version + 1
  WHERE id = NEW.id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
