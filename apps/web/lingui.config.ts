import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";
import { DEFAULT_LANGUAGE, LANGUAGES } from "@mithai/schema";

/**
 * The storefront's message catalogues (docs/languages.md): `npx lingui extract` collects every `t`/`<Trans>`/`msg`
 * of the storefront into src/locales/<language>.po; the Vite plugin compiles a catalogue when a page imports it. The
 * admin panel stays English and is left out.
 */
export default defineConfig({
  sourceLocale: DEFAULT_LANGUAGE,
  locales: [...LANGUAGES],
  fallbackLocales: { default: DEFAULT_LANGUAGE },
  catalogs: [{ path: "<rootDir>/src/locales/{locale}", include: ["<rootDir>/src"], exclude: ["**/src/admin/**", "**/*.test.ts", "**/*.test.tsx"] }],
  orderBy: "messageId",
  // Origins without line numbers: a catalogue changes only when its messages do.
  format: formatter({ lineNumbers: false }),
});
