-- What a customer is told of their claims (decision 032), decided in the claim's own transaction:
-- a notice is never lost, never written for a change rolled back.

-- Now in db/functions/live_claims_mark_handed_over.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_mark_handed_over.sql
--> statement-breakpoint

-- Now in db/functions/live_claims_customer_notice.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_customer_notice_insert.sql
--> statement-breakpoint
-- Now in db/functions/trigger.live_claims.live_claims_customer_notice_update.sql
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
