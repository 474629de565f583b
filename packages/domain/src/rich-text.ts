import * as z from "zod/mini";

/** The longest HTML a rich-text field (FAQ answer, page, message template) may hold. */
export const RICH_TEXT_MAX_LENGTH = 50_000;

export const richTextMessages = {
  tooLong: `Le texte ne doit pas dépasser ${RICH_TEXT_MAX_LENGTH.toLocaleString("fr-FR")} caractères`,
  activeContent: "Le texte ne doit contenir ni script ni code exécutable (onclick, javascript:...)",
} as const;

const ENTITY_TEXT: Record<string, string> = { nbsp: " ", amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** The text a reader sees in `html`: tags removed, the common entities decoded, spaces kept. */
export function richTextToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(nbsp|amp|lt|gt|quot|#39);/g, (_, name: string) => ENTITY_TEXT[name] ?? "");
}

/** False for "", "<p></p>", "<p>&nbsp;</p>"...: what the editor produces when nothing was typed. */
export function richTextHasText(html: string): boolean {
  return richTextToText(html).trim().length > 0;
}

const ACTIVE_CONTENT = [
  /<\s*\/?\s*(script|style|iframe|frame|object|embed|form|base|meta|link|svg|math)\b/i,
  /<[^>]*\son[a-z]+\s*=/i,
  /<[^>]*=\s*["']?\s*(javascript|vbscript|data)\s*:/i,
];

/**
 * True when the HTML carries something that runs (a script, an event handler, a javascript: link).
 * The editor never produces these, so such a body is refused rather than silently cleaned; the
 * server's sanitizer on write remains the guard for everything else outside the editor's subset.
 */
export function richTextHasActiveContent(html: string): boolean {
  return ACTIVE_CONTENT.some((pattern) => pattern.test(html));
}

/** A rich-text field: HTML that must show some text (`blankMessage` otherwise) and run nothing. */
export function richTextSchema(blankMessage: string) {
  return z.string().check(
    z.maxLength(RICH_TEXT_MAX_LENGTH, { error: richTextMessages.tooLong }),
    z.refine(richTextHasText, { error: blankMessage, abort: true }),
    z.refine((html) => !richTextHasActiveContent(html), { error: richTextMessages.activeContent }),
  );
}
