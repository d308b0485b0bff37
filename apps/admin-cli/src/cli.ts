#!/usr/bin/env node
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { createMithaiClient, signInAdmin, toMithaiError } from "@mithai/client";
import { BadRows, exportCatalog, importCatalog } from "./catalog";
import type { Command } from "./command";
import { forgetSession, readSession, saveSession } from "./config";
import { PromptCancelled, readHidden } from "./prompt";
import { showHealth } from "./health";
import { createOutput } from "./output";
import { OWNER_COMMANDS } from "./owner";
import { exportOrders, listOrders, salesToday, setOrderStatus, UsageError, type OrderFilters } from "./orders";

/** Exit codes scripts can rely on. */
export const EXIT = { ok: 0, refused: 1, usage: 2, signedOut: 3, unreachable: 4 } as const;
const DEFAULT_URL = "http://localhost:3000";
const STATUSES = ["Order Recieved", "Food Processing", "Out for delivery", "Delivered", "Cancelled"] as const;

const GLOBAL_HELP = `Global options: --url URL (default MITHAI_URL or ${DEFAULT_URL}), --json (machine-readable output), --help
Exit codes: 0 done, 1 refused by the shop or bad input rows, 2 wrong usage, 3 not signed in as an admin, 4 shop unreachable or failing`;

const FILTER_OPTIONS = { status: { type: "string" }, payment: { type: "string" }, from: { type: "string" }, to: { type: "string" }, q: { type: "string" } } as const;
const FILTER_HELP = `  --status S     one of: ${STATUSES.join(", ")}
  --payment P    paid (default), pending, failed, expired, refunded, all
  --from DAY     first day (YYYY-MM-DD, shop time), --to DAY last day
  --q TEXT       order number or id, customer e-mail or mobile`;


const COMMANDS: Record<string, Command> = {
  login: {
    usage: "login [--email E] [--password P]",
    summary: "sign in as an admin and keep the token in your config dir",
    help: "Asks for what is not given. The token is kept in $MITHAI_CONFIG_DIR or ~/.config/mithai/session.json (mode 600), never in the repository.",
    options: { email: { type: "string" }, password: { type: "string" } },
    positionals: 0,
    needsAdmin: false,
    async run({ values, url, out }) {
      const email = (values.email as string | undefined) ?? (await ask("E-mail: "));
      const password = (values.password as string | undefined) ?? (await ask("Password: ", true));
      const session = await signInAdmin({ url, email, password });
      const file = await saveSession({ url, email: email.trim().toLowerCase(), token: session.token });
      out.result({ url, email, role: session.role, saved: file }, `Signed in to ${url} as ${email} (token kept in ${file})`);
    },
  },
  whoami: {
    usage: "whoami",
    summary: "who you are signed in as, and where",
    help: "Asks the shop, so a revoked token shows as signed out.",
    options: {},
    positionals: 0,
    needsAdmin: true,
    async run({ url, out, client }) {
      const profile = await client.user.profile.query();
      out.result({ url, name: profile.name, email: profile.email, role: profile.role }, `${profile.name} <${profile.email}> (${profile.role}) at ${url}`);
    },
  },
  logout: {
    usage: "logout",
    summary: "forget the kept token",
    help: "Ends this session on the shop (the token stops working at once, on every server) and deletes the kept session file. Other sessions of the account go on; to end every one, use the admin panel's sign out everywhere.",
    options: {},
    positionals: 0,
    needsAdmin: false,
    async run({ out, client, url }) {
      const session = await readSession();
      if (!session) return out.result({ signedOut: false, revoked: false }, "Was not signed in");
      // Only the session of the shop it was made for; a token the shop refuses already is as good as ended.
      let revoked = false;
      if (session.url === url) {
        try {
          await client.user.logout.mutate();
          revoked = true;
        } catch (error) {
          if (![401, 403].includes(toMithaiError(error).status)) throw error;
        }
      }
      await forgetSession();
      out.result({ signedOut: true, revoked, url: session.url }, revoked ? `Signed out of ${url} (the token no longer works)` : `Signed out (the kept token for ${session.url} is deleted)`);
    },
  },
  "catalog export": {
    usage: "catalog export [--out FILE]",
    summary: "the catalogue as CSV (stdout without --out)",
    help: "Columns: slug, name, category, price (₹ per kg), description, ingredients, benefits, faq1_question, faq1_answer, faq2_question, faq2_answer, metaTitle, metaDescription, metaKeywords, hsn, gstRate, stockKg (kg left; empty = not tracked), image.",
    options: { out: { type: "string" } },
    positionals: 0,
    needsAdmin: false,
    run: ({ values, out, client }) => exportCatalog(client, out, values.out as string | undefined),
  },
  "catalog import": {
    usage: "catalog import FILE [--images DIR] [--dry-run]",
    summary: "add or update items from a CSV, matched by slug",
    help: `The columns of \`catalog export\`. A row whose slug is on sale updates that item; any other row adds one (an empty slug is made from the name).
image: a picture file (JPEG, PNG, WebP or AVIF, at most 5 MB) under --images DIR (default: the CSV's folder); required for a new item, optional for an update.
Every row is checked first, by the shop's own rules: any bad row is reported with its line number and nothing changes.
--dry-run prints what would change and changes nothing.`,
    options: { images: { type: "string" }, "dry-run": { type: "boolean" } },
    positionals: 1,
    needsAdmin: true,
    run: ({ values, positionals, out, client }) => importCatalog(client, out, { file: positionals[0]!, images: values.images as string | undefined, dryRun: values["dry-run"] === true }),
  },
  "orders list": {
    usage: "orders list [filters] [--limit N] [--cursor C]",
    summary: "orders as a table, newest first",
    help: `${FILTER_HELP}\n  --limit N      orders per page (1 to 200, default 20); --cursor C the next page`,
    options: { ...FILTER_OPTIONS, limit: { type: "string" }, cursor: { type: "string" } },
    positionals: 0,
    needsAdmin: true,
    run: ({ values, out, client }) =>
      listOrders(client, out, { ...filtersOf(values), ...(values.limit !== undefined ? { limit: limitOf(values.limit) } : {}), ...(values.cursor ? { cursor: values.cursor as string } : {}) }),
  },
  "orders export": {
    usage: "orders export [filters] [--out FILE]",
    summary: "every matching order as CSV (stdout without --out)",
    help: FILTER_HELP,
    options: { ...FILTER_OPTIONS, out: { type: "string" } },
    positionals: 0,
    needsAdmin: true,
    run: ({ values, out, client }) => exportOrders(client, out, filtersOf(values), values.out as string | undefined),
  },
  "orders set-status": {
    usage: "orders set-status ORDER STATUS",
    summary: "set a paid order's status",
    help: `ORDER: the order's id or its number (#C1436DA2, with or without #). STATUS: one of ${STATUSES.map((s) => `"${s}"`).join(", ")}.`,
    options: {},
    positionals: 2,
    needsAdmin: true,
    run({ positionals, out, client }) {
      const status = STATUSES.find((s) => s.toLowerCase() === positionals[1]!.toLowerCase());
      if (!status) throw new UsageError(`STATUS must be one of: ${STATUSES.join(", ")}`);
      return setOrderStatus(client, out, positionals[0]!, status);
    },
  },
  "sales today": {
    usage: "sales today",
    summary: "today's paid orders and revenue (Asia/Kolkata), net of refunds",
    help: "Cancelled orders are not counted.",
    options: {},
    positionals: 0,
    needsAdmin: true,
    run: ({ out, client }) => salesToday(client, out),
  },
  health: {
    usage: "health",
    summary: "the shop's health: mail, reconciler, payments, backups, disk, Redis, picture storage",
    help: "Each part green (OK), amber (WARN) or red (FAIL), with what to do. Exit 0 whatever the colours; --json for monitoring scripts.",
    options: {},
    positionals: 0,
    needsAdmin: true,
    run: ({ out, client }) => showHealth(client, out),
  },
  ...OWNER_COMMANDS,
};

function limitOf(value: string | boolean | undefined): number {
  const limit = Number(value);
  if (typeof value !== "string" || !/^\d+$/.test(value) || limit < 1 || limit > 200) throw new UsageError(`--limit takes a whole number from 1 to 200 (got "${String(value)}")`);
  return limit;
}

/** The shop's address, or why it is not one. */
function shopUrlOf(value: string): string {
  const url = value.trim().replace(/\/+$/, "");
  if (!/^https?:\/\//i.test(url)) {
    const hint = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? "only http:// and https:// addresses are shops" : `the scheme is missing: http://${url.replace(/^\/+/, "")} (or https://…)`;
    throw new UsageError(`--url ${value}: ${hint}`);
  }
  try {
    new URL(url);
  } catch {
    throw new UsageError(`--url ${value}: not a web address (e.g. http://localhost:3000)`);
  }
  return url;
}

function filtersOf(values: Record<string, string | boolean | undefined>): OrderFilters {
  const filters: Record<string, string> = {};
  for (const name of Object.keys(FILTER_OPTIONS)) if (typeof values[name] === "string") filters[name] = values[name];
  // The shop checks each filter's value and names a wrong one.
  return filters;
}

function usage(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return `mithai-admin: the shop's admin from the command line\n\nUsage: mithai-admin COMMAND [options]\n\n${Object.values(COMMANDS)
    .map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`)
    .join("\n")}\n\n${GLOBAL_HELP}\nRun mithai-admin COMMAND --help for a command's options.`;
}

async function ask(question: string, hidden = false): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${question.replace(/: $/, "")} is missing: pass it as an option`);
  // The prompt goes to stderr, so that stdout stays the command's result (JSON with --json).
  if (hidden) return readHidden(question, process.stdin, process.stderr);
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

/** Runs one command line; answers the exit code. */
export async function main(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  const out = createOutput(json);
  const fail = (code: number, message: string, details?: unknown) => {
    if (json) process.stdout.write(`${JSON.stringify({ error: message, exitCode: code, ...(details ? { details } : {}) }, null, 2)}\n`);
    process.stderr.write(`mithai-admin: ${message}\n`);
    return code;
  };
  const words = argv.filter((arg) => !arg.startsWith("-"));
  const name = [`${words[0]} ${words[1]}`, words[0]].find((candidate) => candidate && candidate in COMMANDS);
  if (!name) {
    if (words.length === 0 && (argv.includes("--help") || argv.includes("-h"))) {
      process.stdout.write(`${usage()}\n`);
      return EXIT.ok;
    }
    return fail(EXIT.usage, words.length === 0 ? `a command is needed\n\n${usage()}` : `unknown command "${words.slice(0, 2).join(" ")}"\n\n${usage()}`);
  }
  const command = COMMANDS[name]!;
  const rest = argv.slice(argv.indexOf(name.split(" ").at(-1)!) + 1);
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: { ...command.options, url: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    });
  } catch (error) {
    return fail(EXIT.usage, `${(error as Error).message}\nUsage: mithai-admin ${command.usage}`);
  }
  if (parsed.values.help) {
    process.stdout.write(`Usage: mithai-admin ${command.usage}\n\n${command.summary}.\n${command.help}\n\n${GLOBAL_HELP}\n`);
    return EXIT.ok;
  }
  if (parsed.positionals.length !== command.positionals) return fail(EXIT.usage, `Usage: mithai-admin ${command.usage}`);

  const session = await readSession();
  let url: string;
  try {
    url = shopUrlOf((parsed.values.url as string | undefined) ?? process.env.MITHAI_URL ?? session?.url ?? DEFAULT_URL);
  } catch (error) {
    return fail(EXIT.usage, (error as Error).message);
  }
  const token = session && session.url === url ? session.token : undefined;
  if (command.needsAdmin && !token) return fail(EXIT.signedOut, `not signed in to ${url}: run mithai-admin login`);
  try {
    await command.run({ ...parsed, url, out, client: createMithaiClient({ url, token }) });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) return fail(EXIT.usage, error.message);
    if (error instanceof PromptCancelled) return fail(EXIT.usage, "cancelled");
    if (error instanceof BadRows) {
      const lines = error.problems.map((p) => `  line ${p.line}: ${p.message}`).join("\n");
      return fail(EXIT.refused, `${error.message}\n${lines}`, error.problems);
    }
    const refused = toMithaiError(error);
    if (refused.status === 0) return fail(EXIT.unreachable, `cannot reach the shop at ${url} (${refused.message})`);
    if (refused.status === 401 || refused.status === 403) {
      return fail(EXIT.signedOut, name === "login" ? refused.message : `${refused.message}: sign in again with mithai-admin login`);
    }
    if (refused.status >= 500) return fail(EXIT.unreachable, refused.message);
    // A value given on the command line that the shop finds wrong (a filter, a date) is wrong usage; a bad row of
    // an imported file is the file's problem (BadRows above).
    if (refused.code === "VALIDATION") return fail(EXIT.usage, refused.message, refused.fieldErrors.length > 0 ? refused.fieldErrors : undefined);
    return fail(EXIT.refused, refused.message, refused.fieldErrors.length > 0 ? refused.fieldErrors : undefined);
  }
}

// A reader that stops early (`mithai-admin orders list | head`) closes the pipe: not a failure, and no stack trace.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});
process.exitCode = await main(process.argv.slice(2));
