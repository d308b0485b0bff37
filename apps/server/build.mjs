// Bundles the server and the workspace packages (TypeScript sources) into dist/; npm dependencies stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["src/server.ts", "src/cli/admin-create.ts", "src/cli/images-to-s3.ts", "src/cli/backup.ts", "src/cli/restore.ts"],
  outdir: "dist",
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  sourcemap: true,
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
});
