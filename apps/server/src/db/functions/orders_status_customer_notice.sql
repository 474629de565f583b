-- Only a customer with an account hears of it, as for the claims' notices; the notices job
-- batches and sends.
CREATE OR REPLACE FUNCTION orders_status_customer_notice() RETURNS trigger AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM users WHERE id = NEW.user_id AND auth_id IS NOT NULL) THEN
    RETURN NULL;
  END IF;
  INSERT INTO customer_notices (user_id, kind, live_id, order_id)
  VALUES (NEW.user_id, NEW.status::text, NEW.live_id, NEW.id)
  ON CONFLICT (order_id, kind) WHERE claim_id IS NULL DO NOTHING;
  IF FOUND THEN
    PERFORM graphile_worker.add_job('customer_notices', json_build_object('userId', NEW.user_id),
      run_at := now(), max_attempts := 8, job_key := 'customer-notices:' || NEW.user_id,
      job_key_mode := 'preserve_run_at');
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
