// `npm run build:types`: dist/index.d.ts, the client's one self-contained declaration file. tsc emits declarations
// for the client and the workspace files it reaches (tsconfig.types.json; type-checking is `npm run typecheck`'s job),
// then rolldown with rolldown-plugin-dts bundles what index.d.ts reaches from those into one file: the router's type,
// the contracts' types and @mithai/schema's few constants' types; @trpc/* stays an import.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "rolldown";
import { dts } from "rolldown-plugin-dts";

const here = fileURLToPath(new URL("..", import.meta.url));
const emitted = path.join(here, "build/types/packages");
const started = performance.now();

rmSync(path.join(here, "build/types"), { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
execFileSync(process.execPath, [tsc, "-p", path.join(here, "tsconfig.types.json"), "--noCheck"], { stdio: "inherit" });

/** `@mithai/api`, `@mithai/schema` (their one entry, src/index.ts) and `@mithai/db/<path>` → the declaration tsc emitted for it. */
const workspaceDeclarations = {
  name: "mithai-workspace-declarations",
  resolveId: {
    order: "pre",
    handler(source) {
      const match = /^@mithai\/(api|schema|db)(?:\/(.+))?$/.exec(source);
      if (!match) return null;
      const file = path.join(emitted, match[1], "src", `${match[2] ?? "index"}.d.ts`);
      if (!existsSync(file)) throw new Error(`no declaration emitted for ${source} (${file})`);
      return file;
    },
  },
};

await build({
  input: { index: path.join(emitted, "client/src/index.d.ts") },
  // @trpc/client's own declarations are bundled in (what the client's types reach of them): its main entry also
  // declares the WebSocket link, whose types import node:http and ws.
  external: [/^@trpc\/server/],
  plugins: [workspaceDeclarations, dts({ dtsInput: true, emitDtsOnly: true, tsconfig: false })],
  output: { dir: path.join(here, "dist"), format: "es" },
  logLevel: "warn",
  checks: { pluginTimings: false },
});
rmSync(path.join(here, "build"), { recursive: true, force: true });

// The router's types from where @trpc/client itself takes them. @trpc/server's main entry also declares its HTTP and
// WebSocket adapters (node:http, ws): through it, a tool with skipLibCheck off would need @types/node and ws.
const file = path.join(here, "dist/index.d.ts");
const core = "@trpc/server/unstable-core-do-not-import";
const types = readFileSync(file, "utf8")
  .replaceAll(' from "@trpc/server";', ` from "${core}";`)
  .replace(/\b(_\$_trpc_server\d+)\.TRPC(BuiltRouter|DecorateCreateRouterOptions|MutationProcedure|QueryProcedure|SubscriptionProcedure)\b/g, "$1.$2");
writeFileSync(file, types);
const size = Buffer.byteLength(types);
console.log(`dist/index.d.ts: ${(size / 1024).toFixed(1)} KB in ${((performance.now() - started) / 1000).toFixed(1)} s`);
