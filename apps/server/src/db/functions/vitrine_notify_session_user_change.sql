-- A shop row belongs to sessions through its auth_id: the old one and the new one are both told.
CREATE OR REPLACE FUNCTION vitrine_notify_session_user_change() RETURNS trigger
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
