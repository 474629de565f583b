CREATE OR REPLACE TRIGGER orders_parcel_no_chain
  BEFORE INSERT OR UPDATE OF parcel_lead_id ON orders
  FOR EACH ROW EXECUTE FUNCTION orders_parcel_no_chain();
