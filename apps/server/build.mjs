// Bundles the server and the workspace packages (TypeScript sources) into dist/; npm dependencies stay external.
// `node build.mjs --inputs FILE` writes only which sources each bundle would hold to FILE, and nothing in dist/.
import { writeFileSync } from "node:fs";
import { build } from "esbuild";

const inputsFile = process.argv[2] === "--inputs" ? process.argv[3] : undefined;
if (process.argv[2] === "--inputs" && !inputsFile) {
  console.error("Usage: node build.mjs [--inputs FILE]");
  process.exit(2);
}

const result = await build({
  entryPoints: ["src/server.ts", "src/cli/admin-create.ts", "src/cli/images-to-s3.ts", "src/cli/backup.ts", "src/cli/restore.ts"],
  outdir: "dist",
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: !inputsFile,
  write: !inputsFile,
  plugins: [
    {
      name: "externalize-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@mithai/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: "warning",
  metafile: true,
});
// Which sources each bundle holds: the tests start a bundle only when none of them changed after it was built
// (src/faults/processes.ts).
writeFileSync(inputsFile ?? "dist/meta.json", JSON.stringify(result.metafile));
