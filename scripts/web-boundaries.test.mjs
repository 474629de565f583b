// The lint keeps the web's features apart: an admin area imports no other area, only
// features/admin-shared, which imports none of them, and the back-office features (live feed,
// claims view, label batches) through their index.ts. Linted here on sample lines, so that a change
// to eslint.config.js that lets a forbidden import through fails a test.
import { ESLint } from "eslint";
import { execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
// import/no-cycle reads the linted file from disk, and these sample files do not exist.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { "import/no-cycle": "off" } } });

/** The boundary errors a file at `filePath` would get for `code`. */
async function boundaryErrors(filePath, code) {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages
    .filter((message) => message.ruleId === "import/no-restricted-paths")
    .map((message) => message.message);
}

const features = "apps/web/src/features";

describe("web feature boundaries", { timeout: 60_000 }, () => {
  it("refuses an admin area importing another area", async () => {
    const errors = await boundaryErrors(
      `${features}/admin-orders/probe.ts`,
      'export { useSetLiveActive } from "../admin-lives/api";\n',
    );
    expect(errors).toEqual([expect.stringContaining("An admin area never imports another area")]);
  });

  it("lets an admin area import admin-shared", async () => {
    const errors = await boundaryErrors(
      `${features}/admin-orders/probe.ts`,
      'export { useLives } from "../admin-shared/api/lives";\n',
    );
    expect(errors).toEqual([]);
  });

  it("refuses admin-shared importing an area", async () => {
    const errors = await boundaryErrors(
      `${features}/admin-shared/probe.ts`,
      'export { useOrders } from "../admin-orders/api";\n',
    );
    expect(errors).toEqual([expect.stringContaining("admin-shared serves every admin area")]);
  });

  it("keeps admin-shared out of the customer's features", async () => {
    const errors = await boundaryErrors(
      `${features}/customer/probe.ts`,
      'export { useLives } from "../admin-shared/api/lives";\n',
    );
    expect(errors).toEqual([expect.stringContaining("A feature never imports another feature")]);
  });
});

describe("back-office features", { timeout: 60_000 }, () => {
  it("lets an area import a back-office feature through its index.ts", async () => {
    const errors = await boundaryErrors(
      `${features}/admin-lives/probe.ts`,
      'export { useLiveFeed } from "../live-feed";\n',
    );
    expect(errors).toEqual([]);
  });

  it("refuses an area a back-office feature's private file", async () => {
    const errors = await boundaryErrors(
      `${features}/admin-lives/probe.ts`,
      'export { mergeFeedEvents } from "../live-feed/feed-merge";\n',
    );
    expect(errors).toEqual([expect.stringContaining("through its index.ts only")]);
  });

  it("lets a back-office feature import admin-shared, and no area", async () => {
    expect(
      await boundaryErrors(
        `${features}/live-claims/probe.ts`,
        'export { liveClaimsKey } from "../admin-shared/api/live-claims";\n',
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        `${features}/live-claims/probe.ts`,
        'export { useSetLiveActive } from "../admin-lives/api";\n',
      ),
    ).toEqual([expect.stringContaining("A back-office feature imports features/admin-shared and no other")]);
  });

  it("refuses admin-shared and the customer's features a back-office feature, even its index", async () => {
    const code = 'export { useLiveFeed } from "../live-feed";\n';
    expect(await boundaryErrors(`${features}/admin-shared/probe.ts`, code)).toEqual([
      expect.stringContaining("admin-shared serves every admin area and back-office feature"),
    ]);
    expect(await boundaryErrors(`${features}/customer/probe.ts`, code)).toEqual([
      expect.stringContaining("A feature never imports another feature"),
    ]);
  });

  it("keeps a feature's testing.ts for the tests", async () => {
    const code = 'export { claim } from "../live-claims/testing";\n';
    const refusals = async (filePath) => {
      const [result] = await eslint.lintText(code, { filePath });
      return result.messages.map((message) => message.ruleId);
    };
    expect(await refusals(`${features}/admin-live-sidebar/probe.ts`)).toEqual(["no-restricted-imports"]);
    expect(await refusals(`${features}/admin-live-sidebar/probe.test.ts`)).toEqual([]);
  });
});

// The zones are paths: resolved against the directory eslint runs from, they would match no file
// when run from apps/web (as an editor or `npx eslint .` there does). The import plugin reads that
// directory from the process, not from ESLint's `cwd` option: each run is a node process started in
// the directory, linting a real file through the ESLint API as `npx eslint` would.
describe("the boundaries from the repository root and from apps/web", { timeout: 120_000 }, () => {
  const probes = {
    "a back-office feature's private file": 'export { mergeFeedEvents } from "../live-feed/feed-merge";\n',
    "another area": 'export { useOrders } from "../admin-orders/api";\n',
    "a back-office feature's index.ts": 'export { useLiveFeed } from "../live-feed";\n',
  };
  const lintProbes = `
    import { ESLint } from "eslint";
    const eslint = new ESLint({ ruleFilter: ({ ruleId }) => ruleId === "import/no-restricted-paths" });
    const results = await eslint.lintFiles(process.argv.slice(1));
    console.log(JSON.stringify(results.map((result) => result.messages.map((message) => message.message))));
  `;
  /** The boundary errors of each probe, as an area (admin-lives) importing it, linted from `cwd`. */
  const lintFrom = (cwd) => {
    const files = Object.values(probes).map((code, index) => {
      const file = path.join(root, features, "admin-lives", `boundary-probe-${index}.ts`);
      writeFileSync(file, code);
      return file;
    });
    try {
      const output = execFileSync(process.execPath, ["--input-type=module", "-e", lintProbes, ...files], {
        cwd,
        encoding: "utf8",
      });
      return Object.fromEntries(Object.keys(probes).map((name, index) => [name, JSON.parse(output)[index]]));
    } finally {
      for (const file of files) rmSync(file, { force: true });
    }
  };

  for (const [where, cwd] of [
    ["the repository root", root],
    ["apps/web", path.join(root, "apps/web")],
  ]) {
    it(`refuses an area another feature's private file and lets it import an index.ts, run from ${where}`, () => {
      expect(lintFrom(cwd)).toEqual({
        "a back-office feature's private file": [expect.stringContaining("through its index.ts only")],
        "another area": [expect.stringContaining("An admin area never imports another area")],
        "a back-office feature's index.ts": [],
      });
    });
  }
});
