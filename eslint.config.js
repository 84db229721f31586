// ESLint flat config (ADR 0014). Syntax-level rules only: the type-checked presets are too slow for
// this machine, and `tsc` already checks types.
import js from "@eslint/js";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Build outputs, generated and vendored files.
    ignores: [
      "build/",
      "dist/",
      ".wrangler/",
      "public/",
      "test-results/",
      "test-reports/",
      "playwright-report/",
      "bench/results/",
      ".cache/",
      "app/locales.generated.ts",
      "worker-configuration.d.ts",
      // The server build as the Worker uploads it (scripts/server-sourcemaps.ts), and a built test fixture.
      "workers/generated/**/*.js",
      "app/modules/ops/fixtures/sample-built.js",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: "error" },
    languageOptions: { ecmaVersion: 2023, sourceType: "module" },
    rules: {
      // `_name` marks a parameter or binding kept on purpose (a signature, a destructured leftover).
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true }],
    },
  },
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      // The files the import rules follow, and the parser they read TypeScript with.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      // `~/` resolves through tsconfig paths, as in Vite and tsc.
      "import-x/resolver-next": [createTypeScriptImportResolver({ project: "./tsconfig.json" })],
    },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The React app runs in browsers and, for server rendering and loaders, in the Worker.
    files: ["app/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser, ...globals.serviceworker } },
  },
  {
    // Code the Worker and its rooms run: no pending promise kept where another request can await it (ADR 0044).
    files: ["app/**/*.ts", "workers/**/*.ts", "party/**/*.ts"],
    ignores: ["**/*.test.ts", "**/client/**", "**/*.worker.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            ":matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration NewExpression[callee.name=/^(Map|WeakMap)$/] > TSTypeParameterInstantiation > TSTypeReference[typeName.name='Promise']",
          message: "A module-level cache of promises lets one request await another's: keep settled values (ADR 0044).",
        },
        {
          selector: `:matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > Identifier > TSTypeAnnotation > TSTypeReference[typeName.name='Promise'], :matches(Program, Program > ExportNamedDeclaration) > VariableDeclaration > VariableDeclarator > Identifier > TSTypeAnnotation > TSUnionType > TSTypeReference[typeName.name='Promise']`,
          message: "A module-level promise lets one request await another's: keep the settled value (ADR 0044).",
        },
      ],
    },
  },
  {
    // Worker entry and Durable Objects (workerd: service-worker-like globals).
    files: ["workers/**/*.ts", "party/**/*.ts"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Node: scripts, configs, tests and their helpers (end-to-end tests also evaluate code in the page).
    files: ["scripts/**/*.{ts,mjs,js}", "tests/**/*.ts", "*.{ts,js,mjs}", "bench/**/*.{ts,mjs}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Tests read loosely shaped JSON (API answers, socket messages) and check fields one by one;
    // spelling out every shape there buys nothing the assertions do not already check.
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
);
