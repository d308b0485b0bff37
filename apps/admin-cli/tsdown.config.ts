import { defineConfig } from "tsdown";

/** One ESM file; the client and the CSV parser stay dependencies, as an outside tool would have them. */
export default defineConfig({
  entry: ["src/cli.ts"],
  format: "esm",
  platform: "node",
  target: "node20",
  dts: false,
  deps: { neverBundle: [/^@mithai\/client$/, /^@trpc\//, /^csv-parse/] },
  fixedExtension: false,
  clean: true,
});
