-- One notice for the buyer of the claim's order, when they have an account: the piece entered
-- their order (reserved, or handed over from the waitlist), or left it because its hold ended or
-- staff took it back (a viewer's own un-claim and a cancelled order say nothing). The customer's
-- notices job is added at once; it batches what comes within NOTICE_BATCH_SECONDS itself.
CREATE OR REPLACE FUNCTION live_claims_customer_notice() RETURNS trigger AS $$
DECLARE
  v_user_id uuid;
BEGIN
  SELECT u.id INTO v_user_id FROM orders o JOIN users u ON u.id = o.user_id
   WHERE o.id = NEW.order_id AND u.auth_id IS NOT NULL;
  IF v_user_id IS NULL THEN
    RETURN NULL;
  END IF;
  INSERT INTO customer_notices (user_id, kind, live_id, order_id, claim_id)
  VALUES (v_user_id,
          CASE WHEN NEW.state = 'released' THEN 'claim-expired'
               WHEN NEW.handed_over_at IS NULL THEN 'claim-reserved'
               ELSE 'claim-handed-over' END,
          NEW.live_id, NEW.order_id, NEW.id);
  PERFORM graphile_worker.add_job('customer_notices', json_build_object('userId', v_user_id),
    run_at := now(), max_attempts := 8, job_key := 'customer-notices:' || v_user_id,
    job_key_mode := 'preserve_run_at');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
