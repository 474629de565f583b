import { describe, expect, it } from "vitest";
import { escapeHtml } from "./escape-html";

describe("escapeHtml", () => {
  it("neutralises markup and attribute quotes", () => {
    expect(escapeHtml(`<a href="x" onclick='y'>Tom & Léa</a>`)).toBe(
      "&#60;a href=&#34;x&#34; onclick=&#39;y&#39;&#62;Tom &#38; Léa&#60;/a&#62;",
    );
  });
});
