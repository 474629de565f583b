CREATE OR REPLACE TRIGGER orders_parcel_cancelled_fee_back
  AFTER UPDATE OF status ON orders
  FOR EACH ROW
  WHEN (NEW.waived_shipping_fee_cents IS NOT NULL
        AND NEW.status::text IN ('cancelled-by-customer', 'cancelled-by-admin', 'cancelled-empty')
        AND OLD.status::text IN ('to-validate', 'to-pay'))
  EXECUTE FUNCTION orders_parcel_cancelled_fee_back();
