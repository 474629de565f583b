import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/src/**/*.test.ts",
            // The TikTok bridge's logic, with a fake connector (the real one is not installed).
            "bridges/*/*.test.mjs",
            "scripts/**/*.test.mjs",
          ],
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          globalSetup: ["apps/server/test/support/global-setup.ts"],
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
