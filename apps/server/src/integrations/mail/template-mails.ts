import {
  fillTemplatePlaceholders,
  holdEndText,
  noticeMailMessages,
  noticePieceLine,
  richTextToText,
  type MessageTemplateValues,
  type NoticePiece,
} from "@vitrine/domain";
import { escapeHtml } from "../../lib/escape-html";
import { sanitizeRichText } from "../../lib/sanitize-html";
import { mailButton, mailDocument } from "./mail-html";
import type { OutgoingMail } from "./mailer";

/** The text part of a rich body: paragraphs apart, list items on their lines, links spelled out. */
function plainTextOf(html: string): string {
  const text = html
    .replace(/<a\b[^>]*\bhref="([^"]*)"[^>]*>(.*?)<\/a>/gi, "$2 ($1)")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<li\b[^>]*>/gi, "- ")
    .replace(/<\/li>/gi, "\n")
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol)>/gi, "\n\n")
    .replace(/<[^>]*>/g, "");
  return richTextToText(text)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** What the server writes under a template's body: its own markup and its text part. */
interface MailFacts {
  html: string;
  text: string;
}

/** A message template as sent: its title is the subject, its rich body the mail, then `facts`. */
export function templateMail(
  to: string,
  template: { title: string; body: string },
  facts?: MailFacts,
): OutgoingMail {
  const body = sanitizeRichText(template.body);
  const html = mailDocument(template.title, `${body}${facts ? `\n${facts.html}` : ""}`);
  const text = plainTextOf(body) + (facts ? `\n\n${facts.text}` : "");
  return { to, subject: template.title, html, text };
}

/** What a notice of live claims says besides its template: the pieces, the hold's end, the order. */
export interface NoticeFacts {
  pieces: readonly NoticePiece[];
  /** The earliest hold's end among the pieces still held; null when they are no longer held. */
  heldUntil: Date | null;
  /** The customer's order page. */
  orderUrl: string;
  /** The order has no piece left and was cancelled: there is nothing to pay (an expiry's mail). */
  orderEmptied?: boolean;
}

/**
 * A notice of live claims (reserved, reminder, expired, handed over): the shop's template of its
 * kind, then the facts written by the server, so that a template staff edit can never lose them.
 */
export function noticeMail(
  to: string,
  template: { title: string; body: string },
  facts: NoticeFacts,
): OutgoingMail {
  const lines = facts.pieces.map(noticePieceLine);
  const holdEnd = facts.heldUntil ? noticeMailMessages.reservedUntil(holdEndText(facts.heldUntil)) : null;
  const emptied = facts.orderEmptied ? noticeMailMessages.orderEmptied : null;
  const html = `<h2 style="font-size:16px">${escapeHtml(noticeMailMessages.piecesHeading)}</h2>
<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul>
${holdEnd ? `<p><strong>${escapeHtml(holdEnd)}</strong></p>\n` : ""}${emptied ? `<p><strong>${escapeHtml(emptied)}</strong></p>\n` : ""}${mailButton(facts.orderUrl, noticeMailMessages.seeOrder)}`;
  const text = [
    `${noticeMailMessages.piecesHeading} :`,
    ...lines.map((line) => `- ${line}`),
    ...(holdEnd ? ["", holdEnd] : []),
    ...(emptied ? ["", emptied] : []),
    "",
    `${noticeMailMessages.seeOrder} : ${facts.orderUrl}`,
  ].join("\n");
  return templateMail(to, template, { html, text });
}

/**
 * An order's own mail ('Paiement bien reçu', 'Votre commande est en route'): the shop's template
 * of its status with its placeholders filled in (escaped in the body), then a button the server
 * writes, so that a template staff edit can never lose the way to the order or the parcel.
 */
export function orderStatusMail(
  to: string,
  template: { title: string; body: string },
  values: MessageTemplateValues,
  link: { url: string; label: string },
): OutgoingMail {
  const filled = {
    title: fillTemplatePlaceholders(template.title, values),
    body: fillTemplatePlaceholders(template.body, values, escapeHtml),
  };
  return templateMail(to, filled, {
    html: mailButton(link.url, link.label),
    text: `${link.label} : ${link.url}`,
  });
}

/** Where a message's footer points and whom it tells to write to. */
export interface MessageShop {
  name: string;
  /** The shop's public address (APP_URL). */
  url: string;
  contactEmail: string;
}

/**
 * A message written in the back office (spec: the body wrapped with a heading, the subject, and a
 * footer with a link to the shop and a help notice). The body is sanitized here too: whatever a
 * caller passes, no markup outside the editor's subset reaches a mailbox.
 */
export function messageMail(
  to: string,
  message: { subject: string; body: string },
  shop: MessageShop,
): OutgoingMail {
  const body = sanitizeRichText(message.body);
  const help = `Besoin d'aide ? Répondez simplement à cet email ou écrivez-nous à ${shop.contactEmail}.`;
  const link = `Accéder à la boutique ${shop.name}`;
  const html = mailDocument(
    message.subject,
    `<h1 style="font-size:20px">${escapeHtml(message.subject)}</h1>
${body}
<hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0">
${mailButton(shop.url, link)}
<p style="font-size:12px;color:#6b7280">${escapeHtml(help)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(shop.name)}</p>`,
  );
  const text = `${message.subject}\n\n${plainTextOf(body)}\n\n---\n${link} : ${shop.url}\n\n${help}\n\n${shop.name}`;
  return { to, subject: message.subject, html, text };
}
