/**
 * `npm run admin:create [-- --name "Asha" --email asha@example.in --password "..."]`: creates an admin
 * account in the configured database (DATABASE_URL or DATA_DIR). Missing values are asked for.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { AppError, createAdminAccount } from "@mithai/api";
import { createDb, type DbHandle } from "@mithai/db/client";
import { EmbeddedDatabaseInUseError } from "@mithai/db/pglite-lock";
import { registerInputSchema } from "@mithai/schema";
import { commandArgs } from "./args";
import { EnvError, loadEnv } from "../env";
import { SHOP_ADDRESS_FILE, type ShopAddress } from "../logging";

const adminInputSchema = registerInputSchema.omit({ role: true });

async function main(): Promise<void> {
  const { values } = commandArgs("Usage: npm run admin:create [-- --name NAME --email EMAIL --password PASSWORD] (it asks for what is left out)", {
    options: { name: { type: "string" }, email: { type: "string" }, password: { type: "string" } },
  });
  const name = values.name ?? (await ask("Name: "));
  const email = values.email ?? (await ask("Email: "));
  const password = values.password ?? (await ask("Password (at least 8 characters, not shown): ", { hidden: true }));
  const parsed = adminInputSchema.safeParse({ name, email, password });
  if (!parsed.success) fail(parsed.error.issues[0]?.message ?? "Invalid input");

  const env = loadEnv();
  let database: DbHandle;
  try {
    database = createDb(
      { databaseUrl: env.databaseUrl, pgliteDir: env.pgliteDir, maxConnections: 1, preparedStatements: env.databasePreparedStatements },
      env.migrationsFolder,
    );
  } catch (error) {
    if (error instanceof EmbeddedDatabaseInUseError) {
      // The running shop noted its address when it started: its own PORT, not this command's (which may be unset).
      const url = runningShopUrl(env.dataDir, error.pid);
      fail(
        `The shop is running on this database (pid ${error.pid}${url ? `, at ${url}` : ""}); two processes on the embedded database would corrupt it.\n` +
          (url
            ? `If it has no admin yet, create the first one at ${url}/admin-register; an admin adds others there (signed in, at ${url}/admin-register). `
            : "If it has no admin yet, create the first one on the running shop's /admin-register page; an admin adds others there. ") +
          "Or stop the shop (Ctrl-C), run this again, and start the shop.",
      );
    }
    throw error;
  }
  try {
    await database.migrate();
    await createAdminAccount(database.db, parsed.data);
    console.log(`Admin ${parsed.data.email} created. Log in at ${env.publicUrl}/admin-login`);
  } finally {
    await database.close();
  }
}

async function ask(question: string, { hidden = false } = {}): Promise<string> {
  let muted = false;
  // Echo everything except what is typed while a hidden answer is being read.
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) process.stdout.write(chunk as Buffer);
      done();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: process.stdin.isTTY });
  try {
    const answer = rl.question(question);
    muted = hidden;
    return (await answer).trim();
  } finally {
    rl.close();
    if (hidden) process.stdout.write("\n");
  }
}

/** The address the shop running with this pid wrote into DATA_DIR when it started, or null. */
function runningShopUrl(dataDir: string, pid: number): string | null {
  try {
    const noted = JSON.parse(readFileSync(path.join(dataDir, SHOP_ADDRESS_FILE), "utf8")) as Partial<ShopAddress>;
    return noted.pid === pid && typeof noted.url === "string" ? noted.url : null;
  } catch {
    return null;
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof AppError || error instanceof EnvError) fail(error.message);
  console.error(error);
  process.exit(1);
});
