import type { OutgoingMail } from "./mailer";
import { escapeHtml } from "../../lib/escape-html";
import { mailButton, mailDocument } from "./mail-html";

export interface EmailChange {
  /** Null when the account had no mailbox (a live viewer's placeholder): nobody to tell there. */
  previousEmail: string | null;
  newEmail: string;
}

interface Shop {
  name: string;
  contactEmail: string;
  appUrl: string;
}

function mail(to: string, subject: string, paragraphs: string[], shop: Shop, link: string): OutgoingMail {
  const help = `Si vous n'avez rien demandé, écrivez-nous à ${shop.contactEmail}.`;
  const html = mailDocument(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${mailButton(link, "Me connecter")}
<p style="font-size:12px;color:#6b7280">${escapeHtml(help)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(shop.name)}</p>`,
  );
  const text = `${subject}\n\n${paragraphs.join("\n\n")}\n\nMe connecter : ${link}\n\n${help}\n\n${shop.name}`;
  return { to, subject, html, text };
}

/**
 * The two mails of an e-mail change made by staff: the old address learns where its account went
 * (a change nobody asked for is caught there), the new one that it now signs in.
 */
export function emailChangedMails(change: EmailChange, shop: Shop): OutgoingMail[] {
  const subject = `Votre adresse e-mail sur ${shop.name} a changé`;
  const login = `${shop.appUrl}/login?email=${encodeURIComponent(change.newEmail)}`;
  const toNew = mail(
    change.newEmail,
    subject,
    [
      change.previousEmail
        ? `L'équipe de ${shop.name} a remplacé l'adresse e-mail de votre compte, ${change.previousEmail}, par celle-ci.`
        : `L'équipe de ${shop.name} a donné cette adresse e-mail à votre compte.`,
      "Vous vous connectez désormais avec cette adresse : vos commandes et votre pseudo restent les mêmes.",
    ],
    shop,
    login,
  );
  if (!change.previousEmail) return [toNew];
  return [
    mail(
      change.previousEmail,
      subject,
      [
        `L'équipe de ${shop.name} a remplacé l'adresse e-mail de votre compte par ${change.newEmail}.`,
        "Vous vous connectez désormais avec cette nouvelle adresse ; celle-ci ne reçoit plus nos messages.",
      ],
      shop,
      login,
    ),
    toNew,
  ];
}
