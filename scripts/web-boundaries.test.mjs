// The lint keeps the web's features apart: an admin area imports no other area, only
// features/admin-shared, which imports none of them. Linted here on sample lines, so that a change
// to eslint.config.js that lets a forbidden import through fails a test.
import { ESLint } from "eslint";
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
