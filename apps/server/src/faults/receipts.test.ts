import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestPostgresDatabase, testDatabaseKind } from "@mithai/db/testing";
import { TEST_JWT_SECRET } from "../testing";
import { MailServer } from "./mail-server";
import { freePort, sleep, startServer, until, type ServerProcess } from "./processes";
import { catalogueItemIds, checkout, register } from "./shopper";

/**
 * Receipts are never lost (issue 13): the mail server is down when customers pay, the shop's server is killed
 * (SIGKILL) before it could send a single receipt, the mail server comes back, a fresh server process starts on the
 * same data — and every receipt arrives exactly once. Then the mail server goes away again while the new server
 * runs, and comes back: the receipts of the orders paid meanwhile arrive, once each.
 * Runs on the embedded database (`npm test`) and on PostgreSQL (`npm run test:db`).
 */

const kind = testDatabaseKind();

describe(`receipts while the mail server is down and the shop's server is killed (${kind})`, () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let mail: MailServer;
  const servers: ServerProcess[] = [];

  async function start(name: string): Promise<ServerProcess> {
    const server = await startServer(
      {
        DATA_DIR: dataDir,
        JWT_SECRET: TEST_JWT_SECRET,
        PAYMENTS_MODE: "sandbox",
        // Short SMTP timeouts make a short lease (smtpLeaseMs: 2 × 12 s): the server is killed at any moment, maybe
        // with a receipt claimed, which the next server may take only once the lease has run out.
        SMTP_URL: `smtp://127.0.0.1:${mail.port}?connectionTimeout=3000&greetingTimeout=3000&socketTimeout=6000`,
        // Retries after 1 s, 2 s, 4 s … so the test need not wait the default 30 s.
        MAIL_RETRY_SECONDS: "1",
        LOG_LEVEL: "warn",
        ...(database ? { DATABASE_URL: database.url } : {}),
      },
      path.join(dataDir, `${name}.log`),
    );
    servers.push(server);
    return server;
  }

  /** The number of "mail not sent; it will be retried" lines the server logged. */
  const failedSends = (server: ServerProcess) => server.output().split("\n").filter((line) => line.includes("mail not sent; it will be retried")).length;

  async function buy(server: ServerProcess, count: number): Promise<string[]> {
    const [itemId] = await catalogueItemIds(server.url);
    const orderIds: string[] = [];
    for (let i = 0; i < count; i++) {
      const token = await register(server.url);
      const journey = await checkout(server.url, token, itemId!);
      expect(journey.confirmedOrderId, JSON.stringify(journey.answers)).toBeDefined();
      orderIds.push(journey.confirmedOrderId!);
    }
    return orderIds;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mithai-fault-mail-"));
    if (kind === "postgres") database = await createTestPostgresDatabase();
    mail = new MailServer(await freePort());
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await mail.stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  // Generous waits: on a loaded machine a restarted server takes its time to start and to reach the retried mail.
  it("every receipt arrives exactly once", { timeout: 240_000 }, async () => {
    // The mail server is down while three customers pay.
    const first = await start("first");
    const paidWhileDown = await buy(first, 3);
    await until("the first server to try the receipts and fail", () => failedSends(first) >= 3, { explain: first.output });
    // Killed: nothing in memory survives, no shutdown runs.
    await first.kill();
    expect(mail.received).toHaveLength(0);

    await mail.start();
    const second = await start("second");
    await until("the receipts to arrive after the restart", () => paidWhileDown.every((id) => mail.receiptsFor(id) === 1), {
      timeoutMs: 90_000,
      explain: second.output,
    });

    // The mail server goes away again while this server runs; two more customers pay meanwhile.
    await mail.stop();
    const paidDuringOutage = await buy(second, 2);
    await until("the second server to fail sending them", () => failedSends(second) >= 2, { explain: second.output });
    expect(paidDuringOutage.map((id) => mail.receiptsFor(id))).toEqual([0, 0]);
    await mail.start();
    await until("the receipts to arrive once the mail server is back", () => paidDuringOutage.every((id) => mail.receiptsFor(id) === 1), {
      timeoutMs: 60_000,
      explain: second.output,
    });

    // Nothing more arrives later: exactly one receipt each.
    await sleep(1500);
    expect(await second.stop()).toBe(0);
    expect([...paidWhileDown, ...paidDuringOutage].map((id) => mail.receiptsFor(id))).toEqual([1, 1, 1, 1, 1]);
    expect(mail.received).toHaveLength(5);
  });
});
