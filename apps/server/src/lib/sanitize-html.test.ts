import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize-html";

describe("sanitizeRichText", () => {
  it("keeps the rich-text subset", () => {
    const html = '<h2>Titre</h2><p><strong>Gras</strong> <a href="https://exemple.fr">lien</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Titre</h2><p><strong>Gras</strong> <a href="https://exemple.fr" rel="noopener noreferrer">lien</a></p>',
    );
  });

  it("removes scripts, event handlers and javascript: links", () => {
    const html =
      '<p onclick="steal()">a</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>';
    const clean = sanitizeRichText(html);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<img/i);
    expect(clean).toContain("<p>a</p>");
  });
});
