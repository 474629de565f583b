-- An order leaving its parcel: an unpaid one gets back the fee it rode without; a paid one keeps
-- what it paid (its fee, if it was refunded, stays the shop's cost). Either way it no longer
-- carries the parcel's tracking number.
CREATE OR REPLACE FUNCTION orders_parcel_free(member_id uuid, old_tracking text) RETURNS void AS $$
BEGIN
  UPDATE orders SET
    parcel_lead_id = NULL,
    shipping_fee_cents = CASE
      WHEN waived_shipping_fee_cents IS NOT NULL AND status IN ('to-validate', 'to-pay')
        THEN shipping_fee_cents + waived_shipping_fee_cents
      ELSE shipping_fee_cents END,
    items_version = CASE
      WHEN waived_shipping_fee_cents IS NOT NULL AND status IN ('to-validate', 'to-pay')
        THEN items_version + 1
      ELSE items_version END,
    waived_shipping_fee_cents = NULL,
    tracking_id = CASE WHEN tracking_id IS NOT DISTINCT FROM old_tracking THEN NULL ELSE tracking_id END,
    updated_at = now()
  WHERE id = member_id;
END;
$$ LANGUAGE plpgsql;
