import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import importPlugin from "eslint-plugin-import";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import { backOfficeFeatures } from "./apps/web/back-office-features.mjs";

// import/no-restricted-paths resolves its zones against the directory eslint runs from unless given
// a base: without it, run from apps/web, no zone matched any file and every boundary passed.
const repositoryRoot = fileURLToPath(new URL(".", import.meta.url));

const web = "./apps/web/src";
// Every folder under features/ is a feature: a new one is isolated as soon as it exists.
const webFeatures = readdirSync(new URL(`${web}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The back office is one feature per area (admin-orders, admin-users...): what areas share sits in
// admin-shared (components, API reads, hooks), which any area may import and which imports no
// feature; the larger pieces several areas use (the live feed, the claims view, the label batches)
// are features of their own, which an area imports through their index.ts only (a test also through
// their testing.ts), and which import admin-shared and nothing else.
const adminShared = "admin-shared";
const isBackOfficeFeature = (feature) => backOfficeFeatures.includes(feature);
const isAdminArea = (feature) =>
  feature.startsWith("admin-") && feature !== adminShared && !isBackOfficeFeature(feature);
for (const feature of backOfficeFeatures) {
  if (!existsSync(new URL(`${web}/features/${feature}/index.ts`, import.meta.url))) {
    throw new Error(`The back-office feature ${feature} has no index.ts: areas import it through it.`);
  }
}
const publicSurfaces = backOfficeFeatures.flatMap((feature) => [
  `./${feature}/index.ts`,
  `./${feature}/testing.ts`,
]);

const server = "./apps/server/src";
const entriesOf = (folder) => readdirSync(new URL(folder, import.meta.url), { withFileTypes: true });
// Every folder under modules/ is a module: its index.ts is its public surface, the rest is private.
const serverModules = entriesOf(`${server}/modules`)
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
// The code that assembles modules imports them (through their index); so does the demo seed, which
// creates its data the way the app does. The rest of src/ outside modules/ is code every module
// builds on, and never imports a module.
const serverEntryPoints = ["app.ts", "main.ts", "db/seed.ts", "db/seed-cli.ts"];
const serverSharedCode = entriesOf(server)
  .filter((entry) => entry.name !== "modules")
  .flatMap((entry) =>
    entry.name === "db" ? entriesOf(`${server}/db`).map((inDb) => `db/${inDb.name}`) : [entry.name],
  )
  .filter((name) => !serverEntryPoints.includes(name))
  .map((name) => `${server}/${name}`);
// Everything linted for the server's boundaries, but a module's own folder.
const outsideModule = (name) => [
  ...entriesOf(server)
    .filter((entry) => entry.name !== "modules")
    .map((entry) => `${server}/${entry.name}`),
  ...entriesOf(`${server}/modules`)
    .filter((entry) => entry.name !== name)
    .map((entry) => `${server}/modules/${entry.name}`),
  "./bench",
  "./scripts",
];

// Code that runs in the browser validates with zod/mini, which bundles only what a schema uses;
// classic zod's chained methods pull in all of it (docs/decisions/012-zod-mini-in-the-browser.md).
const zodClassicInTheBrowser = {
  name: "zod",
  message: "Import zod/mini in code that runs in the browser (decision 012).",
};

const webRestrictedPaths = [
  {
    name: "sonner",
    message: "Use lib/toast: sonner loads with the first toast, not with the customer's first page.",
  },
  zodClassicInTheBrowser,
];

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
          paths: webRestrictedPaths,
          patterns: [
            {
              regex: "(^|/)testing$",
              message: "A feature's testing.ts builds data for the tests: the app never imports it.",
            },
          ],
        },
      ],
      // Imports go one way, app -> features -> shared (components, lib), and a feature never
      // imports another: what two features need belongs to the shared layer.
      "import/no-restricted-paths": [
        "error",
        {
          basePath: repositoryRoot,
          zones: [
            ...webFeatures.map((feature) => {
              const zone = { target: `${web}/features/${feature}`, from: `${web}/features` };
              if (isAdminArea(feature)) {
                return {
                  ...zone,
                  except: [`./${feature}`, `./${adminShared}`, ...publicSurfaces],
                  message: `An admin area never imports another area (move what they share to features/admin-shared), and imports a back-office feature (${backOfficeFeatures.join(", ")}) through its index.ts only.`,
                };
              }
              if (isBackOfficeFeature(feature)) {
                return {
                  ...zone,
                  except: [`./${feature}`, `./${adminShared}`],
                  message: "A back-office feature imports features/admin-shared and no other feature.",
                };
              }
              return {
                ...zone,
                except: [`./${feature}`],
                message:
                  feature === adminShared
                    ? "admin-shared serves every admin area and back-office feature and imports none of them."
                    : "A feature never imports another feature: move what they share to components/ or lib/.",
              };
            }),
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
    // A module's index.ts is all that other code may import of it: another module, the app, main.ts,
    // the seed, benches and scripts. Tests (test/, *.test.ts) may import a module's internals: a
    // unit test checks the piece itself (docs/module-boundaries.md).
    files: ["apps/server/**/*.ts", "bench/**/*.mjs", "scripts/**/*.mjs"],
    ignores: ["apps/server/test/**", "**/*.test.ts", "**/*.test.mjs"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          basePath: repositoryRoot,
          zones: [
            ...serverModules.map((name) => ({
              target: outsideModule(name),
              from: `${server}/modules/${name}`,
              except: ["./index.ts"],
              message: `Import the ${name} module from its index (modules/${name}/index.ts); if what you need is not exported there, export it there (docs/module-boundaries.md).`,
            })),
            {
              target: serverSharedCode,
              from: `${server}/modules`,
              message:
                "Shared code (config, db, http, lib, realtime, integrations...) never imports a module: modules build on it. Move what both need here, or let the app hand it over (docs/module-boundaries.md).",
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
    // The web's tests build their data with the testing.ts of the feature they need.
    files: ["apps/web/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { paths: webRestrictedPaths }] },
  },
  {
    // The one place that mounts sonner's toaster, loaded with the first toast.
    files: ["apps/web/src/components/ui/toaster.tsx"],
    rules: { "no-restricted-imports": ["error", { paths: [zodClassicInTheBrowser] }] },
  },
);
