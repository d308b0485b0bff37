import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@mithai/db/client";
import { orders, users } from "@mithai/db/schema";
import { inArray } from "@mithai/db/sql";
import { TEST_JWT_SECRET } from "../testing";
import { programArgs, startServer, until, type ServerProcess } from "./processes";
import { addToCart, catalogueItemIds, placeOrder, signUp, type Journey } from "./shopper";

const run = promisify(execFile);

/**
 * The embedded database (PGlite) belongs to one process. A second opener (the admin CLI, a second server) is
 * refused while the shop runs; a shop killed mid-write (SIGKILL: no shutdown) leaves a stale lock and files the next
 * start recovers, with every acknowledged write intact.
 */
describe("the embedded database, one process at a time", { timeout: 240_000 }, () => {
  let dataDir: string;
  let pgliteDir: string;
  const servers: ServerProcess[] = [];
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: "", JWT_SECRET: TEST_JWT_SECRET, PAYMENTS_MODE: "sandbox" });
  const start = async (name: string) => {
    const server = await startServer(env(), path.join(dataDir, `${name}.log`), 120_000);
    servers.push(server);
    return server;
  };
  const lockFile = () => `${pgliteDir}.lock`;

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mithai-fault-pglite-"));
    pgliteDir = path.join(dataDir, "pglite");
  });
  afterAll(async () => {
    for (const server of servers) await server.kill();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("refuses the admin CLI and a second server while the shop runs, saying what to do", async () => {
    const shop = await start("first");
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(shop.pid));

    const cli = run(process.execPath, [...programArgs("admin-create"), "--name", "Devi", "--email", "devi@example.in", "--password", "barfi-and-more"], {
      env: { PATH: process.env.PATH, ...env() },
    });
    await expect(cli).rejects.toMatchObject({ stderr: expect.stringContaining(`The shop is running on this database (pid ${shop.pid}, at http://localhost:${new URL(shop.url).port})`) as string });
    await expect(cli).rejects.toMatchObject({ stderr: expect.stringContaining("/admin-register") as string });

    await expect(start("second")).rejects.toThrow(`already running on this database (pid ${shop.pid}`);
    expect(shop.alive()).toBe(true);
    expect((await fetch(`${shop.url}/readyz`)).status).toBe(200);

    // A clean stop closes the database and gives the lock up.
    expect(await shop.stop()).toBe(0);
    expect(existsSync(lockFile())).toBe(false);
  });

  it("keeps every acknowledged write when the shop is killed mid-write, and the next start takes the stale lock over", async () => {
    const shop = await start("writing");
    const itemIds = await catalogueItemIds(shop.url);
    const acknowledgedUsers: string[] = [];
    const acknowledgedOrders: string[] = [];
    let stop = false;
    const customer = async (n: number) => {
      while (!stop) {
        const signedUp = await signUp(shop.url);
        if ("refused" in signedUp) return;
        acknowledgedUsers.push(JSON.parse(Buffer.from(signedUp.token.split(".")[1]!, "base64url").toString()).sub as string);
        const journey: Journey = { answers: [] };
        if (!(await addToCart(shop.url, signedUp.token, itemIds[n % itemIds.length]!, journey))) return;
        if (!(await placeOrder(shop.url, signedUp.token, journey))) return;
        acknowledgedOrders.push(journey.placed!.orderId);
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(customer));
    await until("some orders written", () => acknowledgedOrders.length >= 6, { timeoutMs: 60_000, explain: shop.output });
    await shop.kill();
    stop = true;
    await writers;
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(shop.pid));

    const restarted = await start("restarted");
    expect(readFileSync(lockFile(), "utf8").trim()).toBe(String(restarted.pid));
    expect(await signUp(restarted.url)).toHaveProperty("token");
    expect(await restarted.stop()).toBe(0);

    const database = createDb({ pgliteDir });
    try {
      const storedUsers = await database.db.select({ id: users.id }).from(users).where(inArray(users.id, acknowledgedUsers));
      const storedOrders = await database.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, acknowledgedOrders));
      expect(storedUsers).toHaveLength(acknowledgedUsers.length);
      expect(storedOrders).toHaveLength(acknowledgedOrders.length);
    } finally {
      await database.close();
    }
  });
});
