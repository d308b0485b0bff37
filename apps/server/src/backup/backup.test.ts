import { spawn } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPostgresDatabase } from "@mithai/db/testing";
import { programArgs, startServer, type ServerProcess } from "../faults/processes";
import { call, checkout, ok, register, type Answer } from "../faults/shopper";

const JWT_SECRET = "backup-test-secret-that-is-long-enough-for-hs256";

/** Runs the backup / restore command (`programArgs`) as `npm run backup` / `npm run restore` would, with the shop's settings. */
function cli(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...programArgs(script), ...args], {
      env: { ...process.env, JWT_SECRET, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.on("close", (code) => resolve({ code, output }));
  });
}

/** The JSON an answer carried (null when the request got no answer). */
const bodyOf = <T>(answer: Answer) => (answer.answered ? answer.body : null) as T;

const itemIdsOf = async (base: string) => ((await (await fetch(`${base}/api/food/list`)).json()) as { data: { _id: string; image: string }[] }).data;

interface Shop {
  url: string;
  env: Record<string, string>;
}

/**
 * Backups that restore: made while customers check out, restored into an empty place, and a second shop started on
 * the copy finds every order paid before the backup began, with its invoice, refunds and pictures. A damaged or
 * truncated file, or a target that holds anything, is refused and changes nothing. On the embedded database (the
 * backup goes through the running server) and, with TEST_DATABASE_URL, on PostgreSQL (pg_dump / pg_restore).
 */
describe.each([
  ["the embedded database", "pglite"],
  ["PostgreSQL", "postgres"],
] as const)("backup and restore on %s", (_name, kind) => {
  const skip = kind === "postgres" && !process.env.TEST_DATABASE_URL;
  const work = mkdtempSync(path.join(tmpdir(), "mithai-backup-test-"));
  const drops: (() => Promise<void>)[] = [];
  const servers: ServerProcess[] = [];
  let shop: Shop;
  let server: ServerProcess;

  beforeAll(async () => {
    if (skip) return;
    const env: Record<string, string> = { DATA_DIR: path.join(work, "shop"), JWT_SECRET, SEED_DEMO: "true" };
    if (kind === "postgres") {
      const database = await createTestPostgresDatabase();
      drops.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    server = await startServer(env, path.join(work, "shop.log"));
    servers.push(server);
    shop = { url: server.url, env };
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) await s.kill();
    for (const drop of drops) await drop();
    rmSync(work, { recursive: true, force: true });
  });

  it.skipIf(skip)("backs up under checkout load; a second shop on the restored copy has every order paid before, with invoice, refund and pictures", async () => {
    const items = await itemIdsOf(shop.url);
    const adminToken = bodyOf<{ token: string } | null>(await call(shop.url, "admin", "POST", "/api/user/register", { name: "Owner", email: `owner-${kind}@example.in`, password: "owner-password", role: "admin" }));
    expect(adminToken?.token).toBeTruthy();
    const customers = await Promise.all(Array.from({ length: 4 }, () => register(shop.url)));
    const paidBefore: { orderId: string; token: string }[] = [];
    for (const [i, token] of customers.entries()) {
      const journey = await checkout(shop.url, token, items[i % items.length]!._id);
      expect(journey.confirmedOrderId, JSON.stringify(journey.answers.at(-1))).toBeTruthy();
      paidBefore.push({ orderId: journey.confirmedOrderId!, token });
    }
    const refunded = paidBefore[0]!;
    const refund = await call(shop.url, "refund", "POST", `/api/admin/orders/${refunded.orderId}/refund`, { amount: 10, reason: "One box arrived broken" }, adminToken!.token);
    expect(ok(refund)).toBe(true);

    // Customers keep checking out while the backup is made.
    let loading = true;
    const load = (async () => {
      let made = 0;
      while (loading && made < 40) {
        const token = await register(shop.url);
        await checkout(shop.url, token, items[made % items.length]!._id);
        made++;
      }
      return made;
    })();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const file = path.join(work, "shop-backup.tar");
    const made = await cli("backup", ["--out", file], shop.env);
    loading = false;
    expect(made.code, made.output).toBe(0);
    expect(made.output).toContain(file);
    expect(await load).toBeGreaterThan(0);
    expect(server.alive()).toBe(true);

    // The backup is recorded: the health report shows it.
    const health = bodyOf<{ checks: { id: string; summary: string }[] }>(await call(shop.url, "health", "GET", "/api/admin/health", undefined, adminToken!.token));
    expect(health.checks.find((c) => c.id === "backup")?.summary).toMatch(/last backup .* ago/);

    const restoredEnv: Record<string, string> = { DATA_DIR: path.join(work, "restored"), JWT_SECRET, SEED_DEMO: "false" };
    const restoreArgs = [file, "--data-dir", restoredEnv.DATA_DIR!];
    if (kind === "postgres") {
      const target = await createTestPostgresDatabase();
      drops.push(target.drop);
      restoredEnv.DATABASE_URL = target.url;
      restoreArgs.push("--database-url", target.url);
    }
    const restored = await cli("restore", restoreArgs, {});
    expect(restored.code, restored.output).toBe(0);
    // Run twice, the second is refused: the target holds the first one's restore now.
    const again = await cli("restore", restoreArgs, {});
    expect(again.code).not.toBe(0);
    expect(again.output).toMatch(/already holds|not empty/);

    const second = await startServer(restoredEnv, path.join(work, "restored.log"));
    servers.push(second);
    for (const { orderId, token } of paidBefore) {
      const orders = bodyOf<{ data: { _id: string; paidAt: string | null; invoiceNumber: string | null; refunds: { amount: number }[] }[] }>(
        await call(second.url, "orders", "POST", "/api/order/userorders", {}, token),
      );
      const order = orders.data.find((o) => o._id === orderId);
      expect(order, `order ${orderId} after restore`).toMatchObject({ paidAt: expect.any(String) as string, invoiceNumber: expect.stringMatching(/^MTH\//) as string });
      const invoice = await fetch(`${second.url}/api/order/${orderId}/invoice`, { headers: { authorization: `Bearer ${token}` } });
      expect(invoice.status).toBe(200);
      expect(invoice.headers.get("content-type")).toBe("application/pdf");
      if (orderId === refunded.orderId) expect(order!.refunds.map((r) => r.amount)).toEqual([10]);
    }
    for (const item of await itemIdsOf(second.url)) {
      const picture = await fetch(`${second.url}${item.image.startsWith("/") ? "" : "/images/"}${item.image}`);
      expect(picture.status, item.image).toBe(200);
    }
  }, 240_000);

  it.skipIf(skip)("refuses a damaged or truncated backup, or bad input, with a message, and changes nothing", async () => {
    const file = path.join(work, "refusals.tar");
    expect((await cli("backup", ["--out", file], shop.env)).code).toBe(0);
    const whole = readFileSync(file);
    const damaged = Buffer.from(whole);
    damaged[Math.floor(whole.length / 3)]! ^= 0xff;
    writeFileSync(path.join(work, "damaged.tar"), damaged);
    writeFileSync(path.join(work, "truncated.tar"), whole.subarray(0, Math.floor(whole.length * 0.6)));
    writeFileSync(path.join(work, "not-a-backup.tar"), "hello");
    for (const [name, message] of [
      ["damaged.tar", /damaged|checksum|cut short/],
      ["truncated.tar", /cut short|damaged|no manifest/],
      ["not-a-backup.tar", /not a whole backup|no manifest|not a backup/],
      ["missing.tar", /No backup file/],
    ] as const) {
      const target = path.join(work, `target-${name}`);
      const refused = await cli("restore", [path.join(work, name), "--data-dir", target], { DATABASE_URL: "" });
      expect(refused.code, refused.output).toBe(1);
      expect(refused.output).toMatch(message);
      expect(refused.output).toContain("Nothing was changed");
      expect(existsSync(path.join(target, "pglite")) || (existsSync(path.join(target, "images")) && readdirSync(path.join(target, "images")).length > 0)).toBe(false);
    }
    const noFolder = await cli("backup", ["--out", path.join(work, "no-such-folder", "b.tar")], shop.env);
    expect(noFolder.code).toBe(1);
    expect(noFolder.output, server.output()).toMatch(/no-such-folder/);
    expect(readdirSync(work).some((name) => name.includes(".partial-"))).toBe(false);
    // A missing or extra file is wrong usage, as an unknown option is: exit 2, and the usage.
    for (const args of [[], [path.join(work, "a.tar"), path.join(work, "b.tar")]]) {
      const usage = await cli("restore", args, {});
      expect(usage.code, usage.output).toBe(2);
      expect(usage.output).toContain("Usage: npm run restore");
    }
    copyFileSync(file, path.join(work, "copy.tar"));
    expect(statSync(path.join(work, "copy.tar")).size).toBe(whole.length);
  }, 120_000);
});
