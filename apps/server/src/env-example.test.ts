import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SETTING_NAMES } from "./config";

const root = new URL("../../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

/** Read outside config.ts: by `npm run db:backup` (db/backup.ts). */
const OTHER_SETTINGS = ["PG_DUMP"];

describe("the settings' documentation", () => {
  it("lists every setting the server reads in .env.example, set or commented out", () => {
    const documented = new Set(
      [...read(".env.example").matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]),
    );
    expect(SETTING_NAMES.length).toBeGreaterThan(30);
    expect([...SETTING_NAMES, ...OTHER_SETTINGS].filter((name) => !documented.has(name))).toEqual([]);
  });

  it("names every setting in the README's table of settings", () => {
    const readme = read("README.md");
    expect([...SETTING_NAMES, ...OTHER_SETTINGS].filter((name) => !readme.includes(`\`${name}\``))).toEqual(
      [],
    );
  });
});
