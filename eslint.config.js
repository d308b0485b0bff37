// Lint: typescript-eslint's type-checked rules, and the layers as law (schema → db → api → apps; the web app talks to
// the server only through HTTP and types). `npm run lint`; CI runs it.
import pluginLingui from "eslint-plugin-lingui";
import tseslint from "typescript-eslint";

/**
 * @mithai/schema and @mithai/api have one public entry each (src/index.ts): a file inside them is no import, types
 * included. Tests also take @mithai/api/testing (no bundle holds it: apps/server/src/bundle.test.ts).
 */
const DEEP = {
  group: ["@mithai/schema/*", "@mithai/api/*", "!@mithai/api/testing"],
  message: "import @mithai/schema and @mithai/api by the package name (their src/index.ts), never a file inside them (tests: @mithai/api/testing)",
};

/**
 * `no-restricted-imports` patterns for a layer: what it may not import at run time (type-only imports stay allowed),
 * and everywhere no deep import (DEEP). A later block's patterns replace an earlier one's, so every block carries DEEP.
 */
const forbid = (...groups) => ({
  "@typescript-eslint/no-restricted-imports": [
    "error",
    { patterns: [...groups.map(({ group, message }) => ({ group, message, allowTypeImports: true })), DEEP] },
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
  // One public entry per package: no file imports the inside of @mithai/schema or @mithai/api (DEEP).
  { rules: forbid() },
  // The web app reaches the server over HTTP: never the database or the domain at run time (the router's type is fine).
  // Its hooks are @trpc/react-query's (lib/trpc.ts for the shop, admin/trpc.ts for the admin panel), one integration.
  {
    files: ["apps/web/**"],
    rules: forbid(
      { group: ["@mithai/db", "@mithai/db/*", "@mithai/api", "@mithai/api/*"], message: "the web app talks to the server over HTTP; import types only" },
      { group: ["@trpc/tanstack-react-query", "@trpc/next"], message: "the web app's tRPC hooks come from @trpc/react-query (lib/trpc.ts, admin/trpc.ts)" },
    ),
  },
  // The storefront speaks English, Hindi and Telugu (docs/languages.md): a literal a customer could read is an error;
  // it belongs in a Lingui macro (`t`, <Trans>, `msg`). The admin panel stays English.
  {
    files: ["apps/web/src/**/*.ts", "apps/web/src/**/*.tsx"],
    // The WhatsApp sandbox page is a developer's page (the messages it shows are the templates' English), like the admin.
    ignores: ["apps/web/src/admin/**", "apps/web/src/**/*.test.ts", "apps/web/src/**/*.test.tsx", "apps/web/src/lib/fake-browser.ts", "apps/web/src/pages/SandboxWhatsapp.tsx"],
    plugins: { lingui: pluginLingui },
    rules: {
      "lingui/no-unlocalized-strings": [
        "error",
        {
          useTsTypes: true,
          ignore: [
            // One "word" without spaces that does not start with a capital (keys, paths, class names, codes) ...
            "^(?![A-Z])\\S+$",
            // ... CONSTANT_CASE, and text without letters ("…", "×", "−").
            "^[A-Z0-9_-]+$",
            "^[^A-Za-z]*$",
          ],
          ignoreNames: [
            { regex: { pattern: "className", flags: "i" } },
            { regex: { pattern: "^[A-Z0-9_-]+$" } },
            "type", "id", "key", "to", "href", "src", "srcSet", "sizes", "rel", "target", "role", "name", "method", "path", "as", "lang", "hrefLang",
            "htmlFor", "autoComplete", "inputMode", "enterKeyHint", "loading", "decoding", "fetchPriority", "width", "height", "viewBox", "d", "fill",
            "stroke", "strokeLinecap", "strokeLinejoin", "strokeWidth", "defaultValue", "pattern", "dateTime", "data-testid", "aria-hidden", "kind", "status",
            "mode", "outcome", "reason", "display", "behavior", "block", "inline", "level", "theme", "color", "currency", "style", "timeZone", "weekday",
            "day", "month", "dateStyle", "timeStyle", "cookie", "authorization",
          ],
          ignoreFunctions: [
            "Error", "console.*", "*.startsWith", "*.endsWith", "*.includes", "*.indexOf", "*.querySelector", "*.querySelectorAll", "*.getElementById",
            "*.addEventListener", "*.removeEventListener", "*.matches", "*.closest", "*.get", "*.set", "*.has", "*.delete", "*.getItem", "*.setItem",
            "*.removeItem", "*.createElement", "*.getAttribute", "*.setAttribute", "*.replace", "*.split", "*.join", "*.test", "fetch", "openLoginPopup",
            "URLSearchParams", "RegExp", "lazy", "import",
          ],
        },
      ],
      "lingui/t-call-in-function": "error",
      "lingui/no-trans-inside-trans": "error",
      "lingui/no-single-variables-to-translate": "error",
    },
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
