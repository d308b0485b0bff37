import type { ParseArgsConfig } from "node:util";
import type { MithaiClient } from "@mithai/client";
import type { Output } from "./output";

/** One `mithai-admin` command: its help, its options and what it does (cli.ts's COMMANDS, owner.ts's OWNER_COMMANDS). */
export interface Command {
  usage: string;
  summary: string;
  help: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  positionals: number;
  needsAdmin: boolean;
  run(args: { values: Record<string, string | boolean | undefined>; positionals: string[]; url: string; out: Output; client: MithaiClient }): Promise<void>;
}
