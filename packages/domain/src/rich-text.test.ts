import { describe, expect, it } from "vitest";
import "./zod-french";
import {
  RICH_TEXT_MAX_LENGTH,
  richTextHasActiveContent,
  richTextHasText,
  richTextMessages,
  richTextSchema,
  richTextToText,
} from "./rich-text";

describe("richTextHasText", () => {
  it.each(["", "<p></p>", "<p> </p>", "<p>&nbsp;</p>", "<h2></h2><ul><li><p></p></li></ul>", "<br>"])(
    "sees nothing to read in %j",
    (html) => {
      expect(richTextHasText(html)).toBe(false);
    },
  );

  it.each(["<p>Oui</p>", "Oui", "<ul><li>Un</li></ul>", "<p>&amp;</p>"])("sees text in %j", (html) => {
    expect(richTextHasText(html)).toBe(true);
  });
});

describe("richTextToText", () => {
  it("keeps the words and decodes the usual entities", () => {
    expect(richTextToText("<p>Prix&nbsp;: 5 &lt; 10 &amp; &quot;ok&quot;</p>").trim()).toBe(
      'Prix : 5 < 10 & "ok"',
    );
  });
});

describe("richTextHasActiveContent", () => {
  it.each([
    "<script>alert(1)</script>",
    "<p>a</p><SCRIPT src=x></SCRIPT>",
    '<p onclick="steal()">x</p>',
    "<img src=x onerror=alert(1)>",
    '<a href="javascript:alert(1)">x</a>',
    "<a href=' JavaScript:alert(1)'>x</a>",
    '<iframe src="https://evil.example"></iframe>',
    "<style>body{display:none}</style>",
    '<svg onload="x()"></svg>',
  ])("finds code that runs in %j", (html) => {
    expect(richTextHasActiveContent(html)).toBe(true);
  });

  it.each([
    "<p>Le bouton « onclick = » n'existe pas ici</p>",
    '<p><a href="https://vitrine.example/cgv" target="_blank" rel="noopener">CGV</a></p>',
    "<h2>Livraison</h2><ul><li><strong>48 h</strong></li></ul>",
    "<p>javascript: un langage</p>",
  ])("lets the editor's own HTML through: %j", (html) => {
    expect(richTextHasActiveContent(html)).toBe(false);
  });
});

describe("richTextSchema", () => {
  const schema = richTextSchema("Veuillez remplir tous les champs");

  it("accepts HTML with text", () => {
    expect(schema.safeParse("<p>Bonjour</p>").success).toBe(true);
  });

  it("says the blank message for an empty editor", () => {
    expect(schema.safeParse("<p></p>").error?.issues[0]?.message).toBe("Veuillez remplir tous les champs");
  });

  it("refuses scripts and handlers", () => {
    expect(schema.safeParse("<p>x</p><script>x()</script>").error?.issues[0]?.message).toBe(
      richTextMessages.activeContent,
    );
  });

  it("refuses a text over the limit", () => {
    const html = `<p>${"a".repeat(RICH_TEXT_MAX_LENGTH)}</p>`;
    expect(schema.safeParse(html).error?.issues[0]?.message).toBe(richTextMessages.tooLong);
  });
});
