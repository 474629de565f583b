CREATE OR REPLACE TRIGGER users_forget_handle_proof BEFORE UPDATE OF tiktok_username ON users
  FOR EACH ROW
  WHEN (lower(OLD.tiktok_username) IS DISTINCT FROM lower(NEW.tiktok_username))
  EXECUTE FUNCTION users_forget_handle_proof();
