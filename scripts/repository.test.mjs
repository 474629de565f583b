import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The repository stands alone: what a maintainer reads points inside it, and says why in the
// project's own terms rather than by a ticket of a tracker they may never see.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Tracked files (the working tree's, so a new file is checked before it is committed). */
function trackedFiles(...pathspecs) {
  const out = execFileSync(
    "git",
    ["ls-files", "--cached", "--others", "--exclude-standard", "-z", "--", ...pathspecs],
    {
      cwd: root,
      encoding: "utf8",
    },
  );
  return out.split("\0").filter((file) => file && existsSync(resolve(root, file)));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(markdown) {
  return new Set([...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1] ?? "")));
}

/** The targets of a page's inline links and images, outside code blocks and code spans. */
function linkTargetsOf(markdown) {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? "");
}

/** What is wrong with one link of `file`, or null. */
function brokenLink(file, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:...
  const [path = "", anchor] = target.split("#");
  const absolute = path === "" ? resolve(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
  const inside = relative(root, absolute);
  if (inside.startsWith(`..${sep}`) || inside === ".." || resolve(root, inside) !== absolute) {
    return `${target}: outside the repository`;
  }
  if (!existsSync(absolute)) return `${target}: no such file`;
  if (anchor && absolute.endsWith(".md") && !anchorsOf(readFileSync(absolute, "utf8")).has(anchor)) {
    return `${target}: no heading '${anchor}'`;
  }
  return null;
}

const pages = trackedFiles("*.md");

describe("the repository's documentation", () => {
  it("covers the README and the docs folder", () => {
    expect(pages).toContain("README.md");
    expect(pages).toContain("docs/design.md");
    expect(pages.filter((page) => page.startsWith("docs/decisions/")).length).toBeGreaterThan(20);
  });

  it("links only to files of the repository that exist, and to headings they have", () => {
    const broken = pages.flatMap((page) =>
      linkTargetsOf(readFileSync(resolve(root, page), "utf8"))
        .map((target) => brokenLink(page, target))
        .filter((problem) => problem !== null)
        .map((problem) => `${page}: ${problem}`),
    );
    expect(broken).toEqual([]);
  });

  it("finds a link that leaves the repository, one to a missing file and one to a missing heading", () => {
    expect(linkTargetsOf("See [the design](../shared/DESIGN.md) and `[no](code.md)`.")).toEqual([
      "../shared/DESIGN.md",
    ]);
    expect(brokenLink("README.md", "../shared/DESIGN.md")).toMatch(/outside the repository/);
    expect(brokenLink("docs/design.md", "../../etc/passwd")).toMatch(/outside the repository/);
    expect(brokenLink("README.md", "docs/DESIGN-missing.md")).toMatch(/no such file/);
    expect(brokenLink("README.md", "#no-such-heading")).toMatch(/no heading/);
    expect(brokenLink("README.md", "#several-instances")).toBeNull();
    expect(brokenLink("docs/design.md", "integrations.md")).toBeNull();
  });
});

// A citation of a tracker's ticket: "issue 16", "Issue #15", "issues 14", "(issue-17)".
const CITATION = /issues?[ -]?#?[0-9]+/i;

describe("comments, docs and test names", () => {
  it("say why in the project's own terms, never by an issue number of an outside tracker", () => {
    // The functional specification is quoted word for word, as it was written; this file names
    // the citations it looks for.
    const files = trackedFiles(
      ".",
      ":!docs/spec",
      ":!package-lock.json",
      ":!scripts/repository.test.mjs",
    ).filter((file) => !/\.(png|jpe?g|gif|webp|ico|pdf|woff2?|ttf|gz)$/i.test(file));
    expect(files.length).toBeGreaterThan(300);
    const citations = files.flatMap((file) =>
      readFileSync(resolve(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(citations).toEqual([]);
  });

  it("recognises a citation however it is written", () => {
    for (const line of [
      "// Issue 16: the sidebar",
      "(issue 14)",
      "issue #15",
      "issues 15 and 16",
      "issue-17",
    ]) {
      expect(CITATION.test(line)).toBe(true);
    }
    expect(CITATION.test("the issues a bulk change reports")).toBe(false);
  });
});
