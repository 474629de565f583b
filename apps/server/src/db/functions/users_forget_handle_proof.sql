CREATE OR REPLACE FUNCTION users_forget_handle_proof() RETURNS trigger AS $$
BEGIN
  NEW.handle_verified_at := NULL;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
