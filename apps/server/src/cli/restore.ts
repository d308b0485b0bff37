/**
 * `npm run restore -- FILE [--data-dir DIR | --database-url URL]` (in the image: `node apps/server/dist/restore.js
 * FILE …`): restores a backup into an empty DATA_DIR (the embedded database and the pictures) or an empty
 * PostgreSQL database (and its pictures into DATA_DIR). The whole file is checked first; a damaged or truncated
 * backup, or a target that holds anything, is refused with a message and nothing is changed. Without the options,
 * DATA_DIR and DATABASE_URL come from the settings, as for the shop.
 */
import path from "node:path";
import { commandArgs, exitWrongUsage } from "./args";
import { EnvError, loadEnv } from "../env";
import { BackupError } from "../backup/archive";
import { restoreBackup } from "../backup/restore";

const RESTORE_USAGE = "Usage: npm run restore -- FILE [--data-dir DIR | --database-url URL]";

async function main(): Promise<void> {
  const { values, positionals } = commandArgs(RESTORE_USAGE, { allowPositionals: true, options: { "data-dir": { type: "string" }, "database-url": { type: "string" } } });
  const [file, ...extra] = positionals;
  if (!file) exitWrongUsage(RESTORE_USAGE, "Which backup file? Name it first.");
  if (extra.length > 0) exitWrongUsage(RESTORE_USAGE, `One backup file at a time (also given: ${extra.join(" ")}).`);
  const env = loadEnv({ ...process.env, ...(values["data-dir"] ? { DATA_DIR: values["data-dir"] } : {}), ...(values["database-url"] ? { DATABASE_URL: values["database-url"] } : {}) });
  // Restoring an embedded backup into --data-dir ignores a DATABASE_URL that the environment happens to carry.
  const databaseUrl = values["data-dir"] && !values["database-url"] ? undefined : env.databaseUrl;
  const manifest = await restoreBackup(path.resolve(file), { dataDir: env.dataDir, databaseUrl });
  const where = manifest.database === "postgres" ? "the PostgreSQL database" : env.dataDir;
  const pictures = manifest.pictures.store === "s3" ? `${manifest.pictures.count} pictures stay in the bucket` : `${manifest.pictures.count} picture files`;
  console.log(`Restored the backup of ${manifest.createdAt} into ${where} (${pictures}). Start the shop on it.`);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
});
