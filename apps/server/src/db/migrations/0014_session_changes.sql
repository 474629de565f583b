-- Session changes told on the 'vitrine_sessions' channel (decision 020): each instance keeps the
-- sessions it has read in memory and forgets one as soon as the database says it changed, whoever
-- changed it (better-auth, the app, another instance, an operator's SQL). The notification is sent
-- at commit, never for a transaction rolled back. Payloads: 's:<session id>' (a session updated or
-- deleted), 'u:<auth user id>' (what a session shows of its person changed), '*' (a TRUNCATE).
CREATE FUNCTION vitrine_notify_session_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_sessions', 's:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_change AFTER UPDATE OR DELETE ON auth_sessions
  FOR EACH ROW EXECUTE FUNCTION vitrine_notify_session_row_change();
--> statement-breakpoint
-- A shop row belongs to sessions through its auth_id: the old one and the new one are both told.
CREATE FUNCTION vitrine_notify_session_user_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.auth_id IS NOT NULL THEN
    PERFORM pg_notify('vitrine_sessions', 'u:' || OLD.auth_id);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.auth_id IS NOT NULL THEN
    PERFORM pg_notify('vitrine_sessions', 'u:' || NEW.auth_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_session_change_on_insert AFTER INSERT ON users
  FOR EACH ROW WHEN (NEW.auth_id IS NOT NULL) EXECUTE FUNCTION vitrine_notify_session_user_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_session_change_on_delete AFTER DELETE ON users
  FOR EACH ROW WHEN (OLD.auth_id IS NOT NULL) EXECUTE FUNCTION vitrine_notify_session_user_change();
--> statement-breakpoint
-- Only the columns a session reads (sessionUserColumns) matter: a sign-in date or a note does not.
CREATE TRIGGER users_notify_session_change_on_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (
    (OLD.auth_id, OLD.id, OLD.email, OLD.first_name, OLD.last_name, OLD.tiktok_username, OLD.is_admin)
      IS DISTINCT FROM
    (NEW.auth_id, NEW.id, NEW.email, NEW.first_name, NEW.last_name, NEW.tiktok_username, NEW.is_admin)
  ) EXECUTE FUNCTION vitrine_notify_session_user_change();
--> statement-breakpoint
CREATE FUNCTION vitrine_notify_all_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_sessions', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER auth_sessions_notify_truncate AFTER TRUNCATE ON auth_sessions
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_notify_all_sessions_changed();
--> statement-breakpoint
CREATE TRIGGER users_notify_truncate AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION vitrine_notify_all_sessions_changed();
