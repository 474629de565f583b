-- A member points at a lead that is in no parcel itself, and a lead is never made a member. The
-- lead's row is read FOR SHARE: a concurrent write making it a member waits for this one, then
-- sees the member this one added (and the other way round), so two racing writes cannot build a
-- chain between them.
CREATE OR REPLACE FUNCTION orders_parcel_no_chain() RETURNS trigger AS $$
DECLARE
  lead_of_lead uuid;
BEGIN
  IF NEW.parcel_lead_id IS NULL THEN
    RETURN NEW;
  END IF;
  SELECT parcel_lead_id INTO lead_of_lead FROM orders WHERE id = NEW.parcel_lead_id FOR SHARE;
  IF lead_of_lead IS NOT NULL THEN
    RAISE EXCEPTION 'parcel:chain' USING HINT = 'the lead is itself a member of a parcel';
  END IF;
  IF EXISTS (SELECT 1 FROM orders WHERE parcel_lead_id = NEW.id AND id <> NEW.id) THEN
    RAISE EXCEPTION 'parcel:chain' USING HINT = 'a lead cannot become a member';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
