import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it, vi } from "vitest";
import { programArgs } from "../faults/processes";
import { commandArgs, USAGE_EXIT_CODE } from "./args";

const USAGE = "Usage: npm run backup [-- --out FILE]";
const OPTIONS = { options: { out: { type: "string" } } } as const;

/** Runs commandArgs as the command would with `argv`; answers what it printed and how it exited (or its values). */
function run(argv: string[]) {
  const printed: string[] = [];
  vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(console, "error").mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(process, "exit").mockImplementation((code) => {
    throw Object.assign(new Error("exit"), { exitCode: code });
  });
  const saved = process.argv;
  process.argv = [saved[0]!, "backup.ts", ...argv];
  try {
    return { values: commandArgs(USAGE, OPTIONS).values, printed, exitCode: null };
  } catch (error) {
    return { values: null, printed, exitCode: (error as { exitCode?: number }).exitCode ?? "threw" };
  } finally {
    process.argv = saved;
  }
}

describe("a shop command's options", () => {
  afterEach(() => vi.restoreAllMocks());

  it("reads the options it knows", () => {
    expect(run(["--out", "x.tar"])).toMatchObject({ values: { out: "x.tar" }, exitCode: null });
  });

  it("prints the usage for --help and -h and exits 0", () => {
    for (const flag of ["--help", "-h"]) expect(run([flag])).toEqual({ values: null, printed: [USAGE], exitCode: 0 });
  });

  it("takes -h as an option's value, not as a call for help (it printed the usage before)", () => {
    expect(run(["--out=-h"])).toMatchObject({ values: { out: "-h" }, exitCode: null });
    // Spaced, node's parser calls the value ambiguous: wrong usage, saying so.
    const spaced = run(["--out", "-h"]);
    expect(spaced.exitCode).toBe(USAGE_EXIT_CODE);
    expect(spaced.printed.join("\n")).toMatch(/ambiguous[\s\S]*Usage: npm run backup/);
  });

  it("says what was wrong and the usage, exit 2, for an unknown option or one without its value", () => {
    const unknown = run(["--bogus"]);
    expect(unknown.exitCode).toBe(USAGE_EXIT_CODE);
    expect(unknown.printed.join("\n")).toMatch(/Unknown option '--bogus'[\s\S]*Usage: npm run backup/);
    const valueless = run(["--out"]);
    expect(valueless.exitCode).toBe(USAGE_EXIT_CODE);
    expect(valueless.printed.join("\n")).toMatch(/--out[\s\S]*argument missing[\s\S]*Usage: npm run backup/);
  });

  it("as `npm run backup -- --help` runs it: the usage, no stack trace (it printed a TypeError before)", () => {
    const helped = spawnSync(process.execPath, [...programArgs("backup"), "--help"], { encoding: "utf8" });
    expect(helped.status).toBe(0);
    expect(helped.stdout.trim()).toBe(USAGE);
    const wrong = spawnSync(process.execPath, [...programArgs("backup"), "--outt", "x.tar"], { encoding: "utf8" });
    expect(wrong.status).toBe(USAGE_EXIT_CODE);
    expect(wrong.stderr).toContain("Unknown option '--outt'");
    expect(wrong.stderr).not.toMatch(/\n\s+at /);
  });
});
