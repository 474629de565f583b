-- The customer is mailed when their order is paid and when it is shipped (decision 039), through
-- the notices outbox of decision 032: the notice is written by a trigger in the transaction that
-- moved the status, whoever moved it (the payment, a payment accepted in review, staff on the
-- order's page or in bulk, a combined parcel moving with its lead), so it is never lost and never
-- written for a move rolled back. One notice per order and status, ever: an order taken back to
-- 'À expédier' and shipped again is not mailed twice.

ALTER TABLE "customer_notices" DROP CONSTRAINT "customer_notices_kind";--> statement-breakpoint
ALTER TABLE "customer_notices" ADD CONSTRAINT "customer_notices_kind" CHECK ("customer_notices"."kind" in ('claim-reserved', 'claim-reminder', 'claim-expired', 'claim-handed-over', 'paid', 'shipped'));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_notices_order_status_once" ON "customer_notices" USING btree ("order_id","kind") WHERE "customer_notices"."claim_id" IS NULL;--> statement-breakpoint

-- Now in db/functions/orders_status_customer_notice.sql
--> statement-breakpoint
-- Now in db/functions/trigger.orders.orders_status_customer_notice.sql
--> statement-breakpoint

-- The two templates say the order's number, and the shipment its tracking number and link
-- (default-message-templates.ts holds the same texts); a template the shop edited stays its own.
UPDATE "message_templates"
   SET "body" = '<p>Bonjour {{prenom}},</p><p>Nous avons bien reçu le paiement de votre commande {{numero_commande}}, merci ! Elle va maintenant être préparée avec soin.</p>',
       "updated_at" = now()
 WHERE "type" = 'paid'
   AND "body" = '<p>Bonjour,</p><p>Nous avons bien reçu votre paiement, merci ! Votre commande va maintenant être préparée avec soin.</p>';
--> statement-breakpoint
UPDATE "message_templates"
   SET "body" = '<p>Bonjour {{prenom}},</p><p>Bonne nouvelle : votre commande {{numero_commande}} vient d''être expédiée par Colissimo.</p><p>Numéro de suivi : {{suivi}}</p><p>Suivre votre colis : {{lien_suivi}}</p><p>Merci pour votre confiance !</p>',
       "updated_at" = now()
 WHERE "type" = 'shipped'
   AND "body" = '<p>Bonjour,</p><p>Bonne nouvelle : votre commande vient d''être expédiée par Colissimo. Vous recevrez bientôt votre colis.</p><p>Merci pour votre confiance !</p>';
