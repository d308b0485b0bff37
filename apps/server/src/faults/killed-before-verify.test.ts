import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "@mithai/db/client";
import { orders, payments, sandboxGatewayPayments } from "@mithai/db/schema";
import { eq } from "@mithai/db/sql";
import { createTestPostgresDatabase, testDatabaseKind } from "@mithai/db/testing";
import { TEST_JWT_SECRET } from "../testing";
import { startServer, until, type ServerProcess } from "./processes";
import { addToCart, call, catalogueItemIds, payInSandbox, placeOrder, register, verifyPayment, type Journey } from "./shopper";
import { orderNumberOf } from "@mithai/schema";

/**
 * The customer has paid at the gateway, and the server dies (SIGKILL: no shutdown, nothing in memory kept)
 * before the browser's verify and before the provider's webhook reach it. A fresh server process on the same
 * data must finish the order through the reconciler alone: paid once, one payment row, one confirmation mail.
 * Runs on the embedded database (`npm test`) and on PostgreSQL (`npm run test:db`).
 */

const kind = testDatabaseKind();

describe(`the server killed between payment and verification (${kind})`, () => {
  let dataDir: string;
  let database: { url: string; drop(): Promise<void> } | undefined;
  const servers: ServerProcess[] = [];

  function start(env: Record<string, string>, name: string): Promise<ServerProcess> {
    return startServer(
      {
        DATA_DIR: dataDir,
        // Tokens signed by the first process stay valid in the second, as with any fixed production secret.
        JWT_SECRET: TEST_JWT_SECRET,
        PAYMENTS_MODE: "sandbox",
        ...(database ? { DATABASE_URL: database.url } : {}),
        ...env,
      },
      path.join(dataDir, `${name}.log`),
    ).then((server) => {
      servers.push(server);
      return server;
    });
  }

  /** Confirmation mails for this order in the shared outbox (DATA_DIR/outbox). */
  function confirmationMails(orderId: string): number {
    const outbox = path.join(dataDir, "outbox");
    const files = readdirSync(outbox, { withFileTypes: true }).filter((entry) => entry.name.endsWith(".eml"));
    return files.filter((file) => readFileSync(path.join(outbox, file.name), "utf8").includes(`order ${orderNumberOf(orderId)} confirmed`)).length;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mithai-fault-kill-"));
    if (kind === "postgres") database = await createTestPostgresDatabase();
  });

  afterAll(async () => {
    for (const server of servers) await server.kill();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("a fresh server's reconciler finishes the order as paid, once", { timeout: 90_000 }, async () => {
    // The provider's webhook comes late (as real ones may): this process dies long before it is due.
    const first = await start({ SANDBOX_WEBHOOK_DELAY_SECONDS: "600" }, "first");
    const [itemId] = await catalogueItemIds(first.url);
    const token = await register(first.url);
    const journey: Journey = { answers: [] };
    expect(await addToCart(first.url, token, itemId!, journey)).toBe(true);
    expect(await placeOrder(first.url, token, journey)).toBe(true);
    expect(await payInSandbox(first.url, journey)).toBe(true);
    const placed = journey.placed!;

    // Money taken at the gateway; the server dies before the browser's verify arrives.
    await first.kill();
    expect(first.alive()).toBe(false);

    // A new process on the same data, checking pending orders one second old every second.
    const second = await start({ RECONCILE_AFTER_SECONDS: "1", RECONCILE_INTERVAL_SECONDS: "1" }, "second");
    await until(
      "the reconciler to finish the order",
      async () => {
        // The customer's own order list shows paid orders only.
        const answer = await call(second.url, "orders", "POST", "/api/order/userorders", {}, token);
        const listed = answer.answered ? ((answer.body?.data as { _id: string }[] | undefined) ?? []) : [];
        return listed.some((order) => order._id === placed.orderId);
      },
      { explain: second.output },
    );

    // The browser comes back after all: its verify is answered as a success and changes nothing.
    expect(await verifyPayment(second.url, token, journey)).toBe(true);
    expect(journey.confirmedOrderId).toBe(placed.orderId);
    expect(await second.stop()).toBe(0);

    // Read the stored state (the embedded database can be opened only once the server has closed it).
    const handle = createDb(database ? { databaseUrl: database.url } : { pgliteDir: path.join(dataDir, "pglite") });
    try {
      const [order] = await handle.db.select().from(orders).where(eq(orders.id, placed.orderId));
      expect(order).toMatchObject({ paymentStatus: "paid", paymentId: journey.paid!.razorpay_payment_id });
      const rows = await handle.db.select().from(payments).where(eq(payments.orderId, placed.orderId));
      expect(rows).toEqual([expect.objectContaining({ id: journey.paid!.razorpay_payment_id, status: "captured", source: "reconciler" })]);
      const atGateway = await handle.db.select().from(sandboxGatewayPayments).where(eq(sandboxGatewayPayments.orderId, placed.razorpayOrderId));
      expect(atGateway).toEqual([expect.objectContaining({ status: "captured" })]);
    } finally {
      await handle.close();
    }
    expect(confirmationMails(placed.orderId)).toBe(1);
  });
});
