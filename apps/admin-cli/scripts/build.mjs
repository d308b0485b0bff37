// `npm run build`: dist/cli.js, mithai-admin in one file with everything it uses (the typed client from its source,
// tRPC's client, the CSV parser) bundled in, so the package installs from its tarball with no dependencies.
import { chmodSync } from "node:fs";
import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";

const out = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
await build({
  input: fileURLToPath(new URL("../src/cli.ts", import.meta.url)),
  platform: "node",
  external: [/^node:/, ...builtinModules],
  resolve: { alias: { "@mithai/client": fileURLToPath(new URL("../../../packages/client/src/index.ts", import.meta.url)) } },
  transform: { target: "node20" },
  output: { file: out, format: "es" },
  logLevel: "warn",
});
chmodSync(out, 0o755);
