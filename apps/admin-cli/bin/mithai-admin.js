#!/usr/bin/env node
// The command npm links (a committed file, so `npm ci` links it before anything is built); the tool is dist/cli.js.
import { existsSync } from "node:fs";

const cli = new URL("../dist/cli.js", import.meta.url);
if (!existsSync(cli)) {
  process.stderr.write("mithai-admin is not built yet: run npm run build\n");
  process.exit(4);
}
await import(cli.href);
