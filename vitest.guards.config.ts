import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vitest/config";
import base from "./vitest.config";
import { guardMutationPlugin } from "./scripts/race-guards/plugin";

/** `npm run test:guards`: the main config, with the guard that MITHAI_MUTATION names removed from the source. */
export default mergeConfig(base, defineConfig({ plugins: [guardMutationPlugin(fileURLToPath(new URL(".", import.meta.url)))] }));
