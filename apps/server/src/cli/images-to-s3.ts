/**
 * `npm run images:to-s3 [-- --from DIR] [--dry-run]`: copies an existing shop's pictures (DATA_DIR/images, or DIR)
 * into the S3 bucket the settings name (S3_BUCKET, S3_ENDPOINT, …), so the shop can move to several servers.
 * Files already in the bucket are skipped: run it again after an interruption. The database is not touched
 * (pictures keep their names).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { AppError, copyPicturesToStore, createS3ImageStore } from "@mithai/api";
import { commandArgs } from "./args";
import { EnvError, loadEnv } from "../env";

async function main(): Promise<void> {
  const { values } = commandArgs("Usage: npm run images:to-s3 [-- --from DIR] [--dry-run]", { options: { from: { type: "string" }, "dry-run": { type: "boolean", default: false } } });
  const env = loadEnv();
  if (env.pictureStore.kind !== "s3") fail("S3_BUCKET is not set: set S3_BUCKET (and S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, … as the shop will run) to say where the pictures go.");
  const sourceDir = path.resolve(values.from ?? env.imagesDir);
  if (!existsSync(sourceDir)) fail(`No pictures folder at ${sourceDir} (use --from DIR for another one).`);

  const store = createS3ImageStore(env.pictureStore.s3);
  try {
    const dryRun = values["dry-run"];
    const result = await copyPicturesToStore(sourceDir, store, { dryRun });
    console.log(
      `${result.found} picture files in ${sourceDir}: ${result.copied} ${dryRun ? "would be copied" : "copied"} to bucket ${store.bucket}, ${result.alreadyThere} already there.`,
    );
  } finally {
    await store.close();
  }
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof AppError) fail(`${error.message.replace(/ Nothing was changed;.*$/, "")} Files copied so far stay; run the command again to copy the rest.`);
  if (error instanceof EnvError) fail(error.message);
  console.error(error);
  process.exit(1);
});
