-- Only the columns a session reads (sessionUserColumns) matter: a sign-in date or a note does not.
CREATE OR REPLACE TRIGGER users_notify_session_change_on_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.auth_id, OLD.id, OLD.email, OLD.first_name, OLD.last_name, OLD.tiktok_username, OLD.is_admin)
      IS DISTINCT FROM
    (NEW.auth_id, NEW.id, NEW.email, NEW.first_name, NEW.last_name, NEW.tiktok_username, NEW.is_admin)
  ) EXECUTE FUNCTION vitrine_notify_session_user_change();
