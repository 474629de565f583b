import { ESLint } from "eslint";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// The repository's own lint configuration, run on a few imports written as if in the tree: the
// boundaries between server modules hold only as long as eslint.config.js refuses these.
const root = fileURLToPath(new URL("../../../../", import.meta.url));
const eslint = new ESLint({
  cwd: root,
  // The other rules (no-cycle among them) need the linted file to exist on disk.
  ruleFilter: ({ ruleId }) => ruleId === "import/no-restricted-paths",
});

async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === "import/no-restricted-paths")
    .map((message) => message.message);
}

describe("module boundaries (eslint.config.js)", { timeout: 60_000 }, () => {
  it("refuses a module importing another module's internals, values and types alike", async () => {
    const inLiveSidebar = "apps/server/src/modules/live-sidebar/boundary-check.ts";
    const value = await boundaryErrors(
      inLiveSidebar,
      'export { createAuthService } from "../auth/service";\n',
    );
    expect(value).toEqual([
      expect.stringContaining("Import the auth module from its index (modules/auth/index.ts)"),
    ]);
    const type = await boundaryErrors(
      inLiveSidebar,
      'export type { AuthServiceDeps } from "../auth/service";\n',
    );
    expect(type).toHaveLength(1);
  });

  it("lets a module import another through its index, and its own files freely", async () => {
    const inLiveSidebar = "apps/server/src/modules/live-sidebar/boundary-check.ts";
    const code = 'export { claimLockKey } from "../auth";\nexport { liveSidebarOrders } from "./queries";\n';
    expect(await boundaryErrors(inLiveSidebar, code)).toEqual([]);
  });

  it("refuses the app, benches and scripts a module's internals", async () => {
    const code = 'export { createAuthService } from "./modules/auth/service";\n';
    expect(await boundaryErrors("apps/server/src/main.ts", code)).toHaveLength(1);
    const bench = 'await import("../../apps/server/src/modules/auth/service.ts");\n';
    expect(await boundaryErrors("bench/support/boundary-check.mjs", bench)).toHaveLength(1);
  });

  it("refuses shared code any module, even through its index", async () => {
    const errors = await boundaryErrors(
      "apps/server/src/http/boundary-check.ts",
      'export { authModule } from "../modules/auth";\n',
    );
    expect(errors).toEqual([
      expect.stringContaining(
        "Shared code (config, db, http, lib, realtime, integrations...) never imports a module",
      ),
    ]);
  });

  it("lets tests import a module's internals", async () => {
    const code = 'export { createAuthService } from "../src/modules/auth/service";\n';
    expect(await boundaryErrors("apps/server/test/boundary-check.test.ts", code)).toEqual([]);
  });
});
