CREATE OR REPLACE TRIGGER auth_sessions_notify_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_notify_all_sessions_changed();
