// `npm run build`: dist/index.js, the client's ESM. The shop's own packages (the few constants the client uses) are
// bundled in; @trpc/* stays a dependency. The declarations are `npm run build:types` (scripts/build-types.mjs).
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

await build({
  input: fileURLToPath(new URL("../src/index.ts", import.meta.url)),
  platform: "neutral",
  external: [/^@trpc\//],
  transform: { target: "es2022" },
  output: { file: fileURLToPath(new URL("../dist/index.js", import.meta.url)), format: "es" },
  logLevel: "warn",
});
