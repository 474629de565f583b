import sanitize from "sanitize-html";

/** The rich-text subset our editor produces; everything else (scripts, handlers, styles) goes. */
const options: sanitize.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h1",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "hr",
    "span",
  ],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  transformTags: {
    a: sanitize.simpleTransform("a", { rel: "noopener noreferrer" }),
  },
};

/** Stored HTML is sanitized on write and again on render. */
export function sanitizeRichText(html: string): string {
  return sanitize(html, options);
}
