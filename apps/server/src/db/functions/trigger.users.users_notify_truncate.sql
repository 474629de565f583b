CREATE OR REPLACE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_notify_all_sessions_changed();
