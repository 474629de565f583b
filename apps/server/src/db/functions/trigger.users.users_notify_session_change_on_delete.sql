CREATE OR REPLACE TRIGGER users_notify_session_change_on_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.auth_id IS NOT NULL) EXECUTE FUNCTION vitrine_notify_session_user_change();
