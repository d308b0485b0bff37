// Lint: typescript-eslint's type-checked rules, and the layers as law (schema → db → api → apps; the web app talks to
// the server only through HTTP and types). `npm run lint`; CI runs it.
import tseslint from "typescript-eslint";

/** `no-restricted-imports` patterns for a layer: what it may not import at run time (type-only imports stay allowed). */
const forbid = (...groups) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { patterns: groups.map(({ group, message }) => ({ group, message, allowTypeImports: true })) },
  ],
});

const APPS = { group: ["**/apps/**", "@mithai/server", "@mithai/server/*", "@mithai/web", "@mithai/web/*"], message: "packages never import apps" };

export default tseslint.config(
  {
    ignores: ["**/dist/**", "**/node_modules/**", "packages/db/vendor/**", "playwright-report/**", "test-results/**", "**/*.js", "**/*.mjs", "**/*.cjs"],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Fastify plugins and interface methods (a mailer's send) are async by contract, with or without an await.
      "@typescript-eslint/require-await": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Fastify and React take promise-returning handlers on purpose; their errors are handled where they land.
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: { arguments: false, attributes: false } }],
    },
  },
  // The web app reaches the server over HTTP: never the database or the domain at run time (the router's type is fine).
  // Its hooks are @trpc/react-query's (lib/trpc.ts for the shop, admin/trpc.ts for the admin panel), one integration.
  {
    files: ["apps/web/**"],
    rules: forbid(
      { group: ["@mithai/db", "@mithai/db/*", "@mithai/api", "@mithai/api/*"], message: "the web app talks to the server over HTTP; import types only" },
      { group: ["@trpc/tanstack-react-query", "@trpc/next"], message: "the web app's tRPC hooks come from @trpc/react-query (lib/trpc.ts, admin/trpc.ts)" },
    ),
  },
  { files: ["packages/schema/**"], rules: forbid({ group: ["@mithai/db", "@mithai/db/*", "@mithai/api", "@mithai/api/*"], message: "schema is the bottom layer" }, APPS) },
  { files: ["packages/db/**"], rules: forbid({ group: ["@mithai/api", "@mithai/api/*"], message: "db does not know the domain" }, APPS) },
  { files: ["packages/client/**"], rules: forbid({ group: ["@mithai/db", "@mithai/db/*", "@mithai/api", "@mithai/api/*"], message: "the client ships without the server: import types only" }, APPS) },
  // Domain services know neither the transport (tRPC, Fastify) nor the procedure ladder; routers and trpc.ts do.
  {
    files: ["packages/api/src/**"],
    ignores: ["packages/api/src/trpc.ts", "packages/api/src/root.ts", "packages/api/src/**/router.ts", "packages/api/src/**/*.test.ts"],
    rules: forbid(
      { group: ["**/trpc", "@trpc/*", "fastify", "@fastify/*"], message: "services never import trpc.ts, tRPC or Fastify: share rules as plain functions" },
      APPS,
    ),
  },
  { files: ["packages/api/src/**/*.test.ts"], rules: forbid(APPS) },
  // Tests may hand-build odd values on purpose.
  {
    files: ["**/*.test.ts", "**/*.test.tsx", "e2e/**", "bench/**"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/unbound-method": "off",
    },
  },
);
