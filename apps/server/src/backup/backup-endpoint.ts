import { randomBytes, timingSafeEqual } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { AppError } from "@mithai/api";
import { BackupError } from "./archive";
import { makeBackup, type BackupSources } from "./make-backup";
import { recordBackup } from "./record";

/** Where a running server tells `npm run backup` how to reach it (its own address and a token made at start). */
export const BACKUP_ENDPOINT_FILE = "backup-endpoint.json";
export const BACKUP_PATH = "/internal/backup";

export interface BackupEndpoint {
  url: string;
  token: string;
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const requestSchema = z.object({ out: z.string().min(1).refine((out) => path.isAbsolute(out), "must be an absolute path") });

/**
 * `POST /internal/backup { out }`: the running server writes a backup of its database to `out` on its own disk. On
 * the embedded database no second process may open the folder, so `npm run backup` asks the server that has it.
 * Only from this machine and with the token the server wrote into DATA_DIR at start (readable by whoever can read
 * the shop's files, who could copy them anyway); anyone else gets the same 404 as an unknown path.
 */
export async function backupEndpointPlugin(app: FastifyInstance, opts: { sources: BackupSources; dataDir: string }): Promise<void> {
  const token = randomBytes(32).toString("base64url");
  let busy = false;
  app.addHook("onListen", async () => {
    const endpoint: BackupEndpoint = { url: app.deps.config.internalUrl, token };
    await writeFile(path.join(opts.dataDir, BACKUP_ENDPOINT_FILE), JSON.stringify(endpoint), { mode: 0o600 });
  });
  app.post(BACKUP_PATH, async (req, reply) => {
    const sent = Buffer.from(req.headers.authorization?.replace(/^Bearer /, "") ?? "");
    const allowed = LOOPBACK.test(req.socket.remoteAddress ?? "") && sent.length === token.length && timingSafeEqual(sent, Buffer.from(token));
    if (!allowed) return reply.status(404).send({ success: false, code: "NOT_FOUND", message: `Not found: POST ${BACKUP_PATH}` });
    const parsed = requestSchema.safeParse(req.body);
    if (!parsed.success) throw new AppError("VALIDATION", `out: ${parsed.error.issues[0]?.message ?? "an absolute path is needed"}`);
    if (busy) throw new AppError("BACKUP_FAILED", "A backup is being made on this server now: wait for it to finish, then ask again.");
    busy = true;
    const startedAt = new Date();
    try {
      const made = await makeBackup(opts.sources, parsed.data.out);
      await recordBackup(app.deps.db, { kind: "manual", file: made.file, bytes: made.bytes, startedAt });
      app.operations.backupMade(true);
      req.log.info({ file: made.file, bytes: made.bytes }, "backup made");
      return { success: true, file: made.file, bytes: made.bytes, manifest: made.manifest };
    } catch (error) {
      app.operations.backupMade(false);
      if (error instanceof BackupError || (error as NodeJS.ErrnoException).code) {
        throw new AppError("BACKUP_FAILED", `The backup could not be written: ${(error as Error).message}`, { cause: error });
      }
      throw error;
    } finally {
      busy = false;
    }
  });
}
