import { readdirSync } from "node:fs";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const web = "./apps/web/src";
// Every folder under features/ is a feature: a new one is isolated as soon as it exists.
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The back office is one feature per area (admin-orders, admin-users...): what areas share sits in
// admin-shared, the one feature an area may import; admin-shared imports no area.
const adminShared = "admin-shared";
const isAdminArea = (feature) => feature.startsWith("admin-") && feature !== adminShared;

// Code that runs in the browser validates with zod/mini, which bundles only what a schema uses;
// classic zod's chained methods pull in all of it (docs/decisions/012-zod-mini-in-the-browser.md).
const zodClassicInTheBrowser = {
  name: "zod",
  message: "Import zod/mini in code that runs in the browser (decision 012).",
};

export default tseslint.config(
  {
    ignores: [
      "**/dist/**",
      "**/node_modules/**",
      "data/**",
      "playwright-report/**",
      "test-results/**",
      "apps/server/src/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { import: importPlugin },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/consistent-type-imports": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "import/no-cycle": "error",
      "no-console": "off",
    },
    settings: {
      "import/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import/resolver": { node: { extensions: [".ts", ".tsx", ".js", ".mjs"] } },
    },
  },
  {
    files: ["apps/web/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "sonner",
              message:
                "Use lib/toast: sonner loads with the first toast, not with the customer's first page.",
            },
            zodClassicInTheBrowser,
          ],
        },
      ],
      // Imports go one way, app -> features -> shared (components, lib), and a feature never
      // imports another: what two features need belongs to the shared layer.
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            ...webFeatures.map((feature) =>
              isAdminArea(feature)
                ? {
                    target: `${web}/features/${feature}`,
                    from: `${web}/features`,
                    except: [`./${feature}`, `./${adminShared}`],
                    message:
                      "An admin area never imports another area: move what they share to features/admin-shared.",
                  }
                : {
                    target: `${web}/features/${feature}`,
                    from: `${web}/features`,
                    except: [`./${feature}`],
                    message:
                      feature === adminShared
                        ? "admin-shared serves every admin area and imports none of them."
                        : "A feature never imports another feature: move what they share to components/ or lib/.",
                  },
            ),
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: "Features never import the app: the app assembles them, not the other way round.",
            },
            {
              target: [`${web}/components`, `${web}/lib`],
              from: [`${web}/features`, `${web}/app`],
              message: "Shared code (components/, lib/) never imports a feature or the app.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["packages/domain/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: [zodClassicInTheBrowser] }] },
  },
  {
    // The one place that mounts sonner's toaster, loaded with the first toast.
    files: ["apps/web/src/components/ui/toaster.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [zodClassicInTheBrowser] }] },
  },
);
