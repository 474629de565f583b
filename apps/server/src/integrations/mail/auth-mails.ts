import type { OutgoingMail } from "./mailer";
import { escapeHtml } from "../../lib/escape-html";
import { mailButton, mailDocument } from "./mail-html";

function layout(
  shopName: string,
  subject: string,
  title: string,
  paragraphs: string[],
  link: { url: string; label: string },
) {
  const html = mailDocument(
    subject,
    `<h1 style="font-size:20px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
${mailButton(link.url, link.label)}
<p style="font-size:12px;color:#6b7280">Ce lien est valable 15 minutes et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet email.</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(shopName)}</p>`,
  );
  const text = `${title}\n\n${paragraphs.join("\n\n")}\n\n${link.label} : ${link.url}\n\nCe lien est valable 15 minutes et ne peut servir qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet email.\n\n${shopName}`;
  return { html, text };
}

export function signupConfirmationMail(to: string, url: string, shopName: string): OutgoingMail {
  const subject = `Confirmez votre inscription sur ${shopName}`;
  const body = layout(
    shopName,
    subject,
    "Bienvenue !",
    [
      "Merci pour votre inscription. Cliquez sur le bouton ci-dessous pour confirmer votre email et terminer la création de votre compte.",
    ],
    { url, label: "Confirmer mon email" },
  );
  return { to, subject, ...body };
}

export function signInLinkMail(to: string, url: string, shopName: string): OutgoingMail {
  const subject = `Votre lien de connexion à ${shopName}`;
  const body = layout(
    shopName,
    subject,
    "Connexion à votre compte",
    ["Cliquez sur le bouton ci-dessous pour vous connecter à votre espace client."],
    { url, label: "Me connecter" },
  );
  return { to, subject, ...body };
}
