import path from "node:path";
import type { Plugin } from "vite";
import { GUARD_MUTATIONS, withoutGuard } from "./mutations";

/** Applies the mutation MITHAI_MUTATION names to its source file as vitest loads it; the file on disk is untouched. */
export function guardMutationPlugin(root: string): Plugin {
  const name = process.env.MITHAI_MUTATION;
  const mutation = name ? GUARD_MUTATIONS.find((m) => m.name === name) : undefined;
  if (name && !mutation) throw new Error(`MITHAI_MUTATION=${name}: no such guard mutation`);
  const target = mutation ? path.join(root, mutation.file) : null;
  return {
    name: "mithai-guard-mutation",
    enforce: "pre",
    transform(code, id) {
      if (!mutation || id.split("?")[0] !== target) return null;
      return { code: withoutGuard(mutation, code), map: null };
    },
  };
}
