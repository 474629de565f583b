CREATE OR REPLACE FUNCTION vitrine_notify_all_sessions_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_sessions', '*');
  RETURN NULL;
END;
$$;
