CREATE OR REPLACE TRIGGER orders_parcel_leave_when_cancelled
  BEFORE UPDATE OF status ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_parcel_leave_when_cancelled();
