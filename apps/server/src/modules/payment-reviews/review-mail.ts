import {
  formatEuros,
  latePaymentMessages,
  SHOP_TIME_ZONE,
  paymentReviewMessages,
  paymentReviewReasonLabels,
  type PaymentReviewReason,
} from "@vitrine/domain";
import type { OutgoingMail } from "../../integrations/mail/mailer";
import { escapeHtml } from "../../lib/escape-html";

export interface ReviewMailFacts {
  amountCents: number;
  currency: string;
  transactionId: string;
  receivedAt: Date;
  reason: PaymentReviewReason;
  orderNumber: string | null;
  /** It came after the hold of pieces it paid for had ended, and they went to the next viewer. */
  late: boolean;
}

const dateFormat = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "long",
  timeStyle: "short",
  timeZone: SHOP_TIME_ZONE,
});

/** The shop's alert: a customer's card was charged and no order moved; staff must decide. */
export function paymentReviewMail(
  to: string,
  facts: ReviewMailFacts,
  shop: { name: string; appUrl: string },
): OutgoingMail {
  const amount =
    facts.currency === "EUR" ? formatEuros(facts.amountCents) : `${facts.amountCents} ${facts.currency}`;
  const order = facts.orderNumber ? `commande ${facts.orderNumber}` : "commande inconnue";
  const link = `${shop.appUrl}/admin/payment-reviews`;
  const lines: [string, string][] = [
    ["Montant reçu", amount],
    ["Référence du paiement", facts.transactionId],
    ["Date", dateFormat.format(facts.receivedAt)],
    ["Commande", facts.orderNumber ?? "inconnue"],
    ["Motif", facts.late ? latePaymentMessages.label : paymentReviewReasonLabels[facts.reason]],
  ];
  const intro = `Un paiement a été encaissé sans que la commande change de statut. Remboursez-le ou acceptez-le depuis le back-office de ${shop.name}.`;
  const subject = `${paymentReviewMessages.mailSubject} : ${order}`;
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map(([label, value]) => `<li>${escapeHtml(label)} : ${escapeHtml(value)}</li>`).join("")}</ul>
<p><a href="${escapeHtml(link)}">Voir les paiements à vérifier</a></p>
</body></html>`;
  const text = [
    intro,
    "",
    ...lines.map(([label, value]) => `${label} : ${value}`),
    "",
    `Voir les paiements à vérifier : ${link}`,
  ].join("\n");
  return { to, subject, html, text };
}
