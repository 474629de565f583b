-- Session changes told on the 'vitrine_sessions' channel (decision 020): each instance keeps the
-- sessions it has read in memory and forgets one as soon as the database says it changed, whoever
-- changed it (better-auth, the app, another instance, an operator's SQL). The notification is sent
-- at commit, never for a transaction rolled back. Payloads: 's:<session id>' (a session updated or
-- deleted), 'u:<auth user id>' (what a session shows of its person changed), '*' (a TRUNCATE).
CREATE OR REPLACE FUNCTION vitrine_notify_session_row_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_sessions', 's:' || OLD.id);
  RETURN NULL;
END;
$$;
