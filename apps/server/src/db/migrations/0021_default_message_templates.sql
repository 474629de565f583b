-- A French message for every order status, so that a new shop can send a payment reminder on
-- day one. A status that already has a template keeps it.
INSERT INTO "message_templates" ("type", "title", "body", "scope") SELECT "type"::order_status, "title", "body", ARRAY['back-office']::text[]
FROM (VALUES
  ('to-validate', 'Votre commande est bien enregistrée',
   '<p>Bonjour,</p><p>Merci pour votre commande passée pendant notre live ! Nous la vérifions et vous écrivons dès qu''elle est prête à être réglée.</p><p>À très vite !</p>'),
  ('to-pay', 'Votre commande vous attend',
   '<p>Bonjour,</p><p>Vos articles vous sont réservés : il ne reste plus qu''à régler votre commande depuis votre espace client, rubrique « Mes commandes », bouton « Payer maintenant ».</p><p>Dès votre paiement reçu, nous préparons votre colis. Merci !</p>'),
  ('paid', 'Paiement bien reçu',
   '<p>Bonjour,</p><p>Nous avons bien reçu votre paiement, merci ! Votre commande va maintenant être préparée avec soin.</p>'),
  ('preparing', 'Votre commande est en préparation',
   '<p>Bonjour,</p><p>Nous préparons votre commande en ce moment. Vous recevrez un message dès qu''elle sera expédiée.</p>'),
  ('to-ship', 'Votre colis est prêt',
   '<p>Bonjour,</p><p>Votre colis est emballé et partira très bientôt par Colissimo. Son numéro de suivi vous sera envoyé à l''expédition.</p>'),
  ('shipped', 'Votre commande est en route',
   '<p>Bonjour,</p><p>Bonne nouvelle : votre commande vient d''être expédiée par Colissimo. Vous recevrez bientôt votre colis.</p><p>Merci pour votre confiance !</p>'),
  ('delivered', 'Votre commande est arrivée',
   '<p>Bonjour,</p><p>Votre colis a été livré : nous espérons que vos articles vous plaisent !</p><p>Merci pour votre confiance, et à bientôt en live !</p>'),
  ('cancelled-by-customer', 'Votre commande est annulée',
   '<p>Bonjour,</p><p>Comme vous nous l''avez demandé, votre commande est annulée. Si vous l''aviez déjà réglée, nous vous remboursons.</p><p>À bientôt en live !</p>'),
  ('cancelled-by-admin', 'Votre commande a été annulée',
   '<p>Bonjour,</p><p>Nous sommes désolés : nous avons dû annuler votre commande. Si vous l''aviez déjà réglée, nous vous remboursons.</p><p>Pour toute question, répondez simplement à ce message.</p>')
) AS defaults ("type", "title", "body")
ON CONFLICT ("type") DO NOTHING;
