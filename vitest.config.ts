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
            // The bridges' logic and their kit, against fakes of each platform and of the server.
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
