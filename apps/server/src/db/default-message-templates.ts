import type { MessageTemplateType } from "@vitrine/domain";

/**
 * The message a shop starts with for each order status, so that a new shop can remind a customer
 * to pay on its first day, and for each notice of a live claim; staff edit them as any other
 * template. Migrations insert the same texts into every shop where a type has no template yet
 * (the statuses' in default_message_templates, the notices' in customer_notices, the emptied
 * order's in no_empty_orders; a test keeps them in step). The paid and shipped ones are mailed by
 * the server itself (decision 039), their placeholders filled in (MESSAGE_TEMPLATE_PLACEHOLDERS).
 */
export const DEFAULT_MESSAGE_TEMPLATES: ReadonlyArray<{
  type: MessageTemplateType;
  title: string;
  body: string;
}> = [
  {
    type: "to-validate",
    title: "Votre commande est bien enregistrée",
    body: "<p>Bonjour,</p><p>Merci pour votre commande passée pendant notre live ! Nous la vérifions et vous écrivons dès qu'elle est prête à être réglée.</p><p>À très vite !</p>",
  },
  {
    type: "to-pay",
    title: "Votre commande vous attend",
    body: "<p>Bonjour,</p><p>Vos articles vous sont réservés : il ne reste plus qu'à régler votre commande depuis votre espace client, rubrique « Mes commandes », bouton « Payer maintenant ».</p><p>Dès votre paiement reçu, nous préparons votre colis. Merci !</p>",
  },
  {
    type: "paid",
    title: "Paiement bien reçu",
    body: "<p>Bonjour {{prenom}},</p><p>Nous avons bien reçu le paiement de votre commande {{numero_commande}}, merci ! Elle va maintenant être préparée avec soin.</p>",
  },
  {
    type: "preparing",
    title: "Votre commande est en préparation",
    body: "<p>Bonjour,</p><p>Nous préparons votre commande en ce moment. Vous recevrez un message dès qu'elle sera expédiée.</p>",
  },
  {
    type: "to-ship",
    title: "Votre colis est prêt",
    body: "<p>Bonjour,</p><p>Votre colis est emballé et partira très bientôt par Colissimo. Son numéro de suivi vous sera envoyé à l'expédition.</p>",
  },
  {
    type: "shipped",
    title: "Votre commande est en route",
    body: "<p>Bonjour {{prenom}},</p><p>Bonne nouvelle : votre commande {{numero_commande}} vient d'être expédiée par Colissimo.</p><p>Numéro de suivi : {{suivi}}</p><p>Suivre votre colis : {{lien_suivi}}</p><p>Merci pour votre confiance !</p>",
  },
  {
    type: "delivered",
    title: "Votre commande est arrivée",
    body: "<p>Bonjour,</p><p>Votre colis a été livré : nous espérons que vos articles vous plaisent !</p><p>Merci pour votre confiance, et à bientôt en live !</p>",
  },
  {
    type: "cancelled-by-customer",
    title: "Votre commande est annulée",
    body: "<p>Bonjour,</p><p>Comme vous nous l'avez demandé, votre commande est annulée. Si vous l'aviez déjà réglée, nous vous remboursons.</p><p>À bientôt en live !</p>",
  },
  {
    type: "cancelled-by-admin",
    title: "Votre commande a été annulée",
    body: "<p>Bonjour,</p><p>Nous sommes désolés : nous avons dû annuler votre commande. Si vous l'aviez déjà réglée, nous vous remboursons.</p><p>Pour toute question, répondez simplement à ce message.</p>",
  },
  {
    type: "cancelled-empty",
    title: "Votre commande est vide",
    body: "<p>Bonjour,</p><p>Votre commande ne contient plus aucune pièce : elle a été annulée et il n'y a rien à régler.</p><p>À très vite en live !</p>",
  },
  {
    type: "claim-reserved",
    title: "Réservé pour vous",
    body: "<p>Bonjour,</p><p>Bonne nouvelle : les articles que vous avez demandés pendant le live sont réservés pour vous. Ils vous attendent dans votre commande.</p><p>Pensez à la valider et à la régler avant la fin de la réservation : après, ils passent à la personne suivante.</p>",
  },
  {
    type: "claim-reminder",
    title: "Votre réservation se termine bientôt",
    body: "<p>Bonjour,</p><p>Petit rappel : vos articles réservés pendant le live vous attendent toujours, mais plus pour très longtemps.</p><p>Réglez votre commande avant la fin de la réservation pour les garder.</p>",
  },
  {
    type: "claim-expired",
    title: "Réservation expirée",
    body: "<p>Bonjour,</p><p>La réservation de ces articles a pris fin : ils ont quitté votre commande et sont proposés à la personne suivante.</p><p>À très vite en live !</p>",
  },
  {
    type: "claim-handed-over",
    title: "C'est à vous !",
    body: "<p>Bonjour,</p><p>Un article que vous attendiez s'est libéré : il est à vous et vous attend dans votre commande.</p><p>Pensez à la régler avant la fin de la réservation. Merci !</p>",
  },
];
