CREATE OR REPLACE TRIGGER auth_sessions_notify_change AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION vitrine_notify_session_row_change();
