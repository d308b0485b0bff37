import { defineConfig } from "tsdown";

/**
 * The published client: ESM plus one self-contained .d.ts. The shop's own packages (the AppRouter type and the zod
 * contract types, and the few constants the client uses) are bundled in; @trpc/* stays a dependency.
 */
export default defineConfig({
  entry: ["src/index.ts"],
  format: "esm",
  platform: "neutral",
  target: "es2022",
  // eager: declarations from one whole program (the AppRouter type spans the api, db and schema packages).
  dts: { eager: true },
  deps: { alwaysBundle: [/^@mithai\//], neverBundle: [/^@trpc\//] },
  clean: true,
});
