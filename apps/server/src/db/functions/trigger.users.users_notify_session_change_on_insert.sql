CREATE OR REPLACE TRIGGER users_notify_session_change_on_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.auth_id IS NOT NULL) EXECUTE FUNCTION vitrine_notify_session_user_change();
