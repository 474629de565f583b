-- What a customer is told of their claims (decision 032), decided in the claim's own transaction:
-- a notice is never lost, never written for a change rolled back.

-- A claim that leaves the waitlist to be served (handed over: pending in manual mode, in an order
-- in automatic mode) keeps the moment, so that its notice says "C'est à vous !" rather than
-- "Réservé pour vous", even when staff give it later.
CREATE FUNCTION live_claims_mark_handed_over() RETURNS trigger AS $$
BEGIN
  NEW.handed_over_at := now();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER live_claims_mark_handed_over BEFORE UPDATE OF state ON live_claims
  FOR EACH ROW WHEN (OLD.state = 'waitlisted' AND NEW.state IN ('pending', 'in-order'))
  EXECUTE FUNCTION live_claims_mark_handed_over();
--> statement-breakpoint

-- One notice for the buyer of the claim's order, when they have an account: the piece entered
-- their order (reserved, or handed over from the waitlist), or left it because its hold ended or
-- staff took it back (a viewer's own un-claim and a cancelled order say nothing). The customer's
-- notices job is added at once; it batches what comes within NOTICE_BATCH_SECONDS itself.
CREATE FUNCTION live_claims_customer_notice() RETURNS trigger AS $$
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
--> statement-breakpoint
-- Two triggers, one function: a trigger that also fires on INSERT may not read OLD in its WHEN.
-- Their WHEN clauses keep the function from being called at all for the claims that say nothing,
-- most of a busy live's: waitlisted inserts, waitlist moves, un-claims.
CREATE TRIGGER live_claims_customer_notice_insert AFTER INSERT ON live_claims
  FOR EACH ROW WHEN (NEW.state = 'in-order' AND NEW.order_id IS NOT NULL)
  EXECUTE FUNCTION live_claims_customer_notice();
--> statement-breakpoint
CREATE TRIGGER live_claims_customer_notice_update AFTER UPDATE OF state ON live_claims
  FOR EACH ROW WHEN (
    NEW.order_id IS NOT NULL AND OLD.state IS DISTINCT FROM NEW.state
    AND (NEW.state = 'in-order'
         OR (OLD.state = 'in-order' AND NEW.state = 'released'
             AND NEW.release_reason IN ('hold-expired', 'staff'))))
  EXECUTE FUNCTION live_claims_customer_notice();
--> statement-breakpoint

-- The four notices' French messages, where the shop has none yet (default-message-templates.ts
-- holds the same texts; a test keeps both in step).
INSERT INTO "message_templates" ("type", "title", "body", "scope") SELECT "type", "title", "body", ARRAY['back-office']::text[]
FROM (VALUES
  ('claim-reserved', 'Réservé pour vous',
   '<p>Bonjour,</p><p>Bonne nouvelle : les articles que vous avez demandés pendant le live sont réservés pour vous. Ils vous attendent dans votre commande.</p><p>Pensez à la valider et à la régler avant la fin de la réservation : après, ils passent à la personne suivante.</p>'),
  ('claim-reminder', 'Votre réservation se termine bientôt',
   '<p>Bonjour,</p><p>Petit rappel : vos articles réservés pendant le live vous attendent toujours, mais plus pour très longtemps.</p><p>Réglez votre commande avant la fin de la réservation pour les garder.</p>'),
  ('claim-expired', 'Réservation expirée',
   '<p>Bonjour,</p><p>La réservation de ces articles a pris fin : ils ont quitté votre commande et sont proposés à la personne suivante.</p><p>À très vite en live !</p>'),
  ('claim-handed-over', 'C''est à vous !',
   '<p>Bonjour,</p><p>Un article que vous attendiez s''est libéré : il est à vous et vous attend dans votre commande.</p><p>Pensez à la régler avant la fin de la réservation. Merci !</p>')
) AS defaults ("type", "title", "body")
ON CONFLICT ("type") DO NOTHING;
