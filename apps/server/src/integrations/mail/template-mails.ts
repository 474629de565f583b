import { richTextToText } from "@vitrine/domain";
import { escapeHtml } from "../../lib/escape-html";
import { sanitizeRichText } from "../../lib/sanitize-html";
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

/** A message template as sent: its title is the subject, its rich body the mail. */
export function templateMail(to: string, template: { title: string; body: string }): OutgoingMail {
  const body = sanitizeRichText(template.body);
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(template.title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937">
${body}
</body></html>`;
  return { to, subject: template.title, html, text: plainTextOf(body) };
}
