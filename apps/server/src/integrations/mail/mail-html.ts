import { escapeHtml } from "../../lib/escape-html";

/** Every mail's HTML document: French, the subject as its title, the shop's font and colour. */
export function mailDocument(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937">
${body}
</body></html>`;
}

/** A link drawn as a button, the one a mail asks the reader to follow. */
export function mailButton(url: string, label: string): string {
  return `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#111827;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`;
}
