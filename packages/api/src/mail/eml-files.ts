import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The newest mail in an outbox folder (see createMailer), with quoted-printable soft breaks and
 * escapes undone so links can be read from it; null while the outbox is empty. For tests and
 * for developers without a mail client.
 */
export async function readNewestOutboxMail(outboxDir: string): Promise<string | null> {
  const files = await readdir(outboxDir).catch(() => [] as string[]);
  // File names start with an ISO timestamp, so the last one in name order is the newest.
  const newest = files.filter((file) => file.endsWith(".eml")).sort().at(-1);
  if (!newest) return null;
  const raw = await readFile(path.join(outboxDir, newest), "latin1");
  const decoded = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(decoded, "latin1").toString("utf8");
}
