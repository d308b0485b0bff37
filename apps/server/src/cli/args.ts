import { parseArgs, type ParseArgsConfig } from "node:util";

/** Exit code of a shop command called the wrong way (as mithai-admin's: 2 for wrong usage). */
export const USAGE_EXIT_CODE = 2;

/** Prints what was wrong with how a command was called, and its usage, and exits 2. */
export function exitWrongUsage(usage: string, problem: string): never {
  console.error(`${problem}\n${usage}`);
  process.exit(USAGE_EXIT_CODE);
}

/**
 * A shop command's options (`npm run backup -- …` and the others), read with node's parseArgs. `--help` (or `-h`)
 * prints the usage and exits 0; an option the command does not know, or one without its value, prints what was wrong
 * and the usage and exits 2, instead of a stack trace (a command's own missing argument: exitWrongUsage).
 */
export function commandArgs<T extends Omit<ParseArgsConfig, "args" | "strict">>(usage: string, config: T) {
  // `--help` or `-h` as an option, not as an option's value (`--out -h`) or after `--`.
  const { tokens } = parseArgs({ ...config, options: { ...config.options, help: { type: "boolean", short: "h" } }, strict: false, allowPositionals: true, tokens: true });
  if (tokens?.some((token) => token.kind === "option" && token.name === "help")) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parseArgs({ ...config, strict: true });
  } catch (error) {
    if (!(error instanceof TypeError) || !("code" in error) || !String(error.code).startsWith("ERR_PARSE_ARGS_")) throw error;
    exitWrongUsage(usage, error.message);
  }
}
