import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, queryRows, type DbHandle } from "@mithai/db/client";
import { foodItems, orders } from "@mithai/db/schema";
import { and, asc, eq, inArray, ne, sql } from "@mithai/db/sql";
import { testDatabaseKind } from "@mithai/db/testing";
import { startPrivateCluster, type PrivateCluster } from "./postgres-cluster";
import { sleep, startServer, until, type ServerProcess } from "./processes";
import { call, catalogueItemIds, checkout, signUp, type Answer, type Journey } from "./shopper";

/**
 * PostgreSQL restarts while customers are checking out. The server must ride it out on its own: clean 5xx
 * answers while the database is away, ready again afterwards without a restart, and no confirmed order lost.
 * The cluster is a private one (the shared test server must never be stopped), so this runs with the other
 * PostgreSQL tests (`npm run test:db`), where the PostgreSQL binaries are a given.
 */

/** `place` allows a customer 10 attempts a minute (orders/place.ts): each customer checks out at most 9 times. */
const CHECKOUTS_PER_CUSTOMER = 9;
const WORKERS = 4;
const CONFIRMED_BEFORE = 20;
const CONFIRMED_AFTER = 20;
const OUTAGE_MS = 2500;

interface Shopper {
  token: string;
  checkouts: number;
}

interface Recorded extends Journey {
  startedAt: number;
}

describe.runIf(testDatabaseKind() === "postgres")("PostgreSQL restarted under checkout load", () => {
  let cluster: PrivateCluster;
  let server: ServerProcess;
  let observer: DbHandle;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "mithai-fault-restart-"));
    cluster = await startPrivateCluster();
    server = await startServer(
      {
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        PAYMENTS_MODE: "sandbox",
        // The reconciler settles payments whose verify (and webhook) fell into the outage.
        RECONCILE_AFTER_SECONDS: "2",
        RECONCILE_INTERVAL_SECONDS: "1",
      },
      path.join(dataDir, "server.log"),
    );
    observer = createDb({ databaseUrl: cluster.url, maxConnections: 2 });
  });

  afterAll(async () => {
    await server?.kill();
    await observer?.close().catch(() => undefined);
    await cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 5xx during the outage, recovers without a restart, and loses no confirmed order", { timeout: 90_000 }, async () => {
    const base = server.url;
    const items = await catalogueItemIds(base);
    expect(items.length).toBeGreaterThanOrEqual(CHECKOUTS_PER_CUSTOMER);

    // A steady stream of checkouts by signed-up customers (a new one signs up when the others have bought enough).
    // Each checkout of a customer buys a sweet that customer never bought before, so a late finalization of an
    // earlier order (which clears what it bought from the cart) cannot empty the cart of a checkout under way.
    const journeys: Recorded[] = [];
    const idle: Shopper[] = [];
    let stopLoad = false;
    const worker = async () => {
      while (!stopLoad) {
        const startedAt = Date.now();
        const shopper = idle.shift() ?? (await newShopper(startedAt));
        if (!shopper) continue;
        const journey: Recorded = { startedAt, ...(await checkout(base, shopper.token, items[shopper.checkouts]!)) };
        journeys.push(journey);
        if (++shopper.checkouts < CHECKOUTS_PER_CUSTOMER) idle.push(shopper);
        // A customer whose checkout failed tries again a moment later.
        if (!journey.confirmedOrderId) await sleep(250);
      }
    };
    const newShopper = async (startedAt: number): Promise<Shopper | null> => {
      const signedUp = await signUp(base);
      if ("token" in signedUp) return { token: signedUp.token, checkouts: 0 };
      journeys.push({ startedAt, answers: [signedUp.refused] });
      await sleep(250);
      return null;
    };
    const load = Promise.all(Array.from({ length: WORKERS }, worker));
    const confirmedSince = (time: number) => journeys.filter((j) => j.confirmedOrderId && j.startedAt >= time).length;

    await until("checkouts before the restart", () => confirmedSince(0) >= CONFIRMED_BEFORE);
    await cluster.stop();
    const stoppedAt = Date.now();
    const outage = { healthz: await call(base, "healthz", "GET", "/healthz"), readyz: await call(base, "readyz", "GET", "/readyz") };
    await sleep(OUTAGE_MS);
    const journeysDuringOutage = journeys.filter((j) => j.startedAt >= stoppedAt).length;
    await cluster.start();

    await until("/readyz to answer 200 again", async () => {
      const ready = await call(base, "readyz", "GET", "/readyz");
      return ready.answered && ready.status === 200;
    }, { explain: () => server.output().slice(-4000) });
    const recoveredAt = Date.now();
    await until("checkouts after the restart", () => confirmedSince(recoveredAt) >= CONFIRMED_AFTER, { explain: () => server.output().slice(-4000) });
    stopLoad = true;
    await load;

    // The same process throughout: alive, up while the database was away, and honest about readiness.
    expect(server.alive(), server.output()).toBe(true);
    expect(outage.healthz).toMatchObject({ answered: true, status: 200 });
    expect(outage.readyz).toMatchObject({ answered: true, status: 503 });
    expect(journeysDuringOutage).toBeGreaterThan(0);

    // Every call got an answer; each failure was a clean 5xx with a JSON message, never a hang or a 4xx.
    const answers: Answer[] = journeys.flatMap((j) => j.answers);
    expect(answers.filter((answer) => !answer.answered)).toEqual([]);
    const failures = answers.filter((answer): answer is Answer & { answered: true } => answer.answered && answer.status >= 300);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      // 502 is `place` when the sandbox gateway (it shares the database) could not create the provider's order.
      expect(failure.step === "place" ? [500, 502, 503] : [500, 503], JSON.stringify(failure)).toContain(failure.status);
      // The shop answers { success: false, message }; the sandbox gateway, playing Razorpay, { error: { description } }.
      const message = failure.step === "pay" ? (failure.body?.error as { description?: unknown } | undefined)?.description : failure.body?.message;
      expect(message, JSON.stringify(failure)).toEqual(expect.any(String));
    }

    // Every confirmed order is paid, with exactly one payment row; no order anywhere has two.
    const confirmed = journeys.flatMap((j) => (j.confirmedOrderId ? [j.confirmedOrderId] : []));
    expect(new Set(confirmed).size).toBe(confirmed.length);
    const rows = await observer.db
      .select({ id: orders.id, paymentStatus: orders.paymentStatus, payments: sql<number>`(select count(*)::int from payments p where p.order_id = orders.id)` })
      .from(orders)
      .where(inArray(orders.id, confirmed));
    expect(rows).toHaveLength(confirmed.length);
    for (const row of rows) expect(row, row.id).toMatchObject({ paymentStatus: "paid", payments: 1 });
    const [doubled] = await queryRows<{ count: number }>(
      observer.db,
      sql`select count(*)::int as count from (select order_id from payments group by order_id having count(*) > 1) d`,
    );
    expect(doubled!.count).toBe(0);

    // Money taken at the gateway whose verify fell into the outage is not lost either: the reconciler (still
    // running after the outage) finishes those orders.
    const capturedRazorpayIds = journeys.flatMap((j) => (j.paid ? [j.paid.razorpay_order_id] : []));
    await until("the reconciler to finish every paid-for order", async () => {
      const [left] = await observer.db
        .select({ count: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(inArray(orders.razorpayOrderId, capturedRazorpayIds), ne(orders.paymentStatus, "paid")));
      return left!.count === 0;
    });

    // The catalogue cache listens for other servers' changes again: a change made elsewhere shows up here.
    const [sweet] = await observer.db.select().from(foodItems).orderBy(asc(foodItems.slug)).limit(1);
    for (const pricePaise of [sweet!.pricePaise + 100, sweet!.pricePaise + 200]) {
      await observer.db.update(foodItems).set({ pricePaise }).where(eq(foodItems.id, sweet!.id));
      await observer.db.execute(sql`select pg_notify('mithai_catalog_changed', '')`);
      await until(`the new price ${pricePaise} in the catalogue`, async () => {
        const answer = await call(base, "slug", "GET", `/api/food/slug/${sweet!.slug}`);
        const data = answer.answered ? (answer.body?.data as { price?: number } | undefined) : undefined;
        return data?.price === pricePaise / 100;
      });
    }
  });
});
